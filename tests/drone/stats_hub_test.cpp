// The stats hub: one collection per tick whatever the number of watchers (who share one
// snapshot), nothing collected while nobody watches, a first snapshot at once, no deliveries
// after unsubscribing, and each port filter its own rows (flow runs too).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>

#include "drone/core/stats_hub.h"
#include "tests/drone/drone_test_util.h"

namespace staccato::drone::test {
namespace {

constexpr uint32_t kTickMs = 20;

/// Remembers what the hub delivered.
class Recorder final : public StatsWatcher {
 public:
  void deliver(SharedSnapshot s) override {
    std::lock_guard lock(mu_);
    byCollection_[s->timestamp_ns()] = s;
    last_ = std::move(s);
    ++count_;
  }
  size_t count() const {
    std::lock_guard lock(mu_);
    return count_;
  }
  SharedSnapshot last() const {
    std::lock_guard lock(mu_);
    return last_;
  }
  /// The snapshot of collection `n`, if this watcher got it.
  SharedSnapshot of(uint64_t n) const {
    std::lock_guard lock(mu_);
    auto it = byCollection_.find(n);
    return it == byCollection_.end() ? nullptr : it->second;
  }

 private:
  mutable std::mutex mu_;
  size_t count_ = 0;
  SharedSnapshot last_;
  std::map<uint64_t, SharedSnapshot> byCollection_;
};

/// Snapshots of ports a, b, c (a sends stream 1 to b, c sends 2, c receives 3 from nobody),
/// stamped with the number of the collection (from 1).
class FakeCounters {
 public:
  v1::StatsSnapshot collect() {
    v1::StatsSnapshot s;
    s.set_timestamp_ns(++collections_);
    for (const char* port : {"a", "b", "c"}) s.add_ports()->set_port(port);
    auto stream = [&](const char* tx, const char* rx, uint32_t id) {
      v1::StreamStats* row = s.add_streams();
      row->set_tx_port(tx);
      row->set_rx_port(rx);
      row->set_stream_id(id);
    };
    stream("a", "b", 1);
    stream("c", "", 2);
    stream("", "c", 3);
    for (const char* port : {"a", "c"}) {  // flow runs, with a latency bucket each
      v1::PortFlows* flows = s.add_flows();
      flows->set_port(port);
      v1::LatencyStats* connect = flows->add_templates()->add_phases()->mutable_connect_time();
      connect->add_bucket_index(7);
      connect->add_bucket_count(1);
    }
    return s;
  }
  uint64_t collections() const { return collections_; }

 private:
  std::atomic<uint64_t> collections_{0};
};

class StatsHubTest : public ::testing::Test {
 protected:
  FakeCounters counters;
  StatsHub hub{[this](bool) { return counters.collect(); }};
};

bool allHave(const std::vector<Recorder>& watchers, size_t n) {
  for (const Recorder& w : watchers)
    if (w.count() < n) return false;
  return true;
}

TEST_F(StatsHubTest, ManyWatchersOfOneIntervalCostOneCollectionPerTickAndShareIt) {
  std::vector<Recorder> watchers(50);
  for (Recorder& w : watchers) hub.subscribe(&w, kTickMs, {});
  ASSERT_TRUE(waitUntil([&] { return allHave(watchers, 1); }));
  const uint64_t before = hub.collections();
  std::vector<size_t> had;
  for (const Recorder& w : watchers) had.push_back(w.count());
  ASSERT_TRUE(waitUntil([&] { return allHave(watchers, *std::max_element(had.begin(), had.end()) + 3); }));
  size_t ticks = SIZE_MAX;  // deliveries since `before` to the watcher that got fewest
  for (size_t i = 0; i < watchers.size(); ++i) ticks = std::min(ticks, watchers[i].count() - had[i]);
  EXPECT_LE(hub.collections() - before, ticks + 2) << ticks << " ticks for 50 watchers";
  // The snapshot of one tick is one object for all of them.
  const uint64_t tick = watchers[0].last()->timestamp_ns();
  ASSERT_TRUE(waitUntil([&] {
    for (const Recorder& w : watchers)
      if (!w.of(tick)) return false;
    return true;
  }));
  for (const Recorder& w : watchers) EXPECT_EQ(w.of(tick).get(), watchers[0].of(tick).get());
  for (Recorder& w : watchers) hub.unsubscribe(&w);
}

TEST_F(StatsHubTest, NothingIsCollectedWhileNobodyWatches) {
  std::this_thread::sleep_for(std::chrono::milliseconds(3 * kTickMs));
  EXPECT_EQ(hub.collections(), 0u);
  Recorder w;
  hub.subscribe(&w, kTickMs, {});
  ASSERT_TRUE(waitUntil([&] { return w.count() >= 2; }));
  hub.unsubscribe(&w);
  EXPECT_EQ(hub.watchers(), 0u);
  const uint64_t after = hub.collections();
  std::this_thread::sleep_for(std::chrono::milliseconds(3 * kTickMs));
  EXPECT_LE(hub.collections(), after + 1) << "the hub went on collecting for nobody";
}

TEST_F(StatsHubTest, ANewWatcherGetsAFreshSnapshotAtOnce) {
  Recorder w;
  const auto subscribed = std::chrono::steady_clock::now();
  hub.subscribe(&w, 60'000, {});
  ASSERT_TRUE(waitUntil([&] { return w.count() == 1; }, 5000ms)) << "no first snapshot within 5 s of a 60 s interval";
  EXPECT_LT(std::chrono::steady_clock::now() - subscribed, 5s);
  EXPECT_EQ(w.last()->timestamp_ns(), 1u) << "the first snapshot was not collected for it";
  hub.unsubscribe(&w);
}

TEST_F(StatsHubTest, AWatcherThatUnsubscribedGetsNothingMore) {
  Recorder leaving, staying;
  hub.subscribe(&leaving, kTickMs, {});
  hub.subscribe(&staying, kTickMs, {});
  ASSERT_TRUE(waitUntil([&] { return leaving.count() >= 2 && staying.count() >= 2; }));
  hub.unsubscribe(&leaving);
  const size_t got = leaving.count(), before = staying.count();
  ASSERT_TRUE(waitUntil([&] { return staying.count() >= before + 3; })) << "the other watcher lost its snapshots";
  EXPECT_EQ(leaving.count(), got);
  EXPECT_EQ(hub.watchers(), 1u);
  hub.unsubscribe(&staying);
  hub.unsubscribe(&staying);  // harmless
}

TEST_F(StatsHubTest, EachPortFilterGetsTheRowsOfItsPorts) {
  Recorder onlyA, onlyC, everything;
  hub.subscribe(&onlyA, kTickMs, {"a"});
  hub.subscribe(&onlyC, kTickMs, {"c"});
  hub.subscribe(&everything, kTickMs, {});
  ASSERT_TRUE(waitUntil([&] { return onlyA.count() >= 2 && onlyC.count() >= 2 && everything.count() >= 2; }));
  const SharedSnapshot a = onlyA.last(), c = onlyC.last(), all = everything.last();
  ASSERT_EQ(a->ports_size(), 1);
  EXPECT_EQ(a->ports(0).port(), "a");
  ASSERT_EQ(a->streams_size(), 1);
  EXPECT_EQ(a->streams(0).stream_id(), 1u);
  ASSERT_EQ(c->ports_size(), 1);
  EXPECT_EQ(c->ports(0).port(), "c");
  ASSERT_EQ(c->streams_size(), 2) << "c sends stream 2 and receives stream 3";
  EXPECT_EQ(c->streams(0).stream_id(), 2u);
  EXPECT_EQ(c->streams(1).stream_id(), 3u);
  EXPECT_EQ(all->ports_size(), 3);
  EXPECT_EQ(all->streams_size(), 3);
  for (Recorder* w : {&onlyA, &onlyC, &everything}) hub.unsubscribe(w);
}

TEST_F(StatsHubTest, FlowRunsAreTheWatchedPortsOwnAndCarryBucketsOnlyWhenAsked) {
  Recorder onlyA, cWithBuckets;
  hub.subscribe(&onlyA, kTickMs, {"a"}, false);
  hub.subscribe(&cWithBuckets, kTickMs, {"c"}, true);
  ASSERT_TRUE(waitUntil([&] { return onlyA.count() >= 1 && cWithBuckets.count() >= 1; }));
  const SharedSnapshot a = onlyA.last(), c = cWithBuckets.last();
  ASSERT_EQ(a->flows_size(), 1);
  EXPECT_EQ(a->flows(0).port(), "a");
  EXPECT_EQ(a->flows(0).templates(0).phases(0).connect_time().bucket_count_size(), 0);
  ASSERT_EQ(c->flows_size(), 1);
  EXPECT_EQ(c->flows(0).port(), "c");
  EXPECT_EQ(c->flows(0).templates(0).phases(0).connect_time().bucket_count_size(), 1);
  hub.unsubscribe(&onlyA);
  hub.unsubscribe(&cWithBuckets);
}

TEST_F(StatsHubTest, AFilterNamingPortsInAnyOrderOrTwiceIsOneGroup) {
  Recorder ab, ba;
  hub.subscribe(&ab, kTickMs, {"a", "b"});
  hub.subscribe(&ba, kTickMs, {"b", "a", "b"});
  ASSERT_TRUE(waitUntil([&] { return ab.count() >= 3 && ba.count() >= 3; }));
  const uint64_t tick = ab.last()->timestamp_ns();
  ASSERT_TRUE(waitUntil([&] { return ba.of(tick) != nullptr; }));
  EXPECT_EQ(ab.of(tick).get(), ba.of(tick).get()) << "the same ports, two groups";
  EXPECT_EQ(ab.last()->ports_size(), 2);
  hub.unsubscribe(&ab);
  hub.unsubscribe(&ba);
}

TEST_F(StatsHubTest, TheRealDronesHubCollectsItsPorts) {
  FakeDrone d;
  d.runToEnd("a", {udpStream(1, 10)});
  Recorder w;
  d.core().stats().subscribe(&w, kTickMs, {"a"});
  ASSERT_TRUE(waitUntil([&] { return w.count() >= 1; }));
  const SharedSnapshot s = w.last();
  d.core().stats().unsubscribe(&w);
  ASSERT_NE(portRow(*s, "a"), nullptr);
  EXPECT_EQ(portRow(*s, "b"), nullptr) << "a watcher of a got b's row";
  EXPECT_EQ(portRow(*s, "a")->drone_tx_packets(), 10u);
}

}  // namespace
}  // namespace staccato::drone::test
