#include <gtest/gtest.h>

#include <QSignalSpy>

#include "client/models/downsampled_series.h"
#include "client/models/stats_history.h"
#include "tests/client/models/model_test_util.h"
#include "tests/client/models/stats_test_util.h"

namespace staccato::client::test {
namespace {

using PS = StatsHistory::PortSeries;
using LS = StatsHistory::LatencySeries;

v1::StatsSnapshot snapshotAt(double seconds, double txPps) {
  v1::StatsSnapshot snap;
  snap.set_timestamp_ns(uint64_t(1e12 + seconds * 1e9));  // a drone's monotonic clock
  v1::PortStats* p = addPort(snap, "eth0");
  p->set_tx_pps(txPps);
  p->set_rx_pps(txPps / 2);
  p->set_tx_bps_l1(txPps * 672);
  p->set_rx_bps_l1(txPps * 336);
  v1::StreamStats* s = addStream(snap, "eth0", "eth1", 4, 1, 1);
  v1::LatencyStats* l = s->mutable_latency();
  l->set_samples(1);
  l->set_avg_ns(uint64_t(txPps * 1000));
  l->set_p99_ns(2500);
  l->set_max_ns(9000);
  addStream(snap, "eth0", "", 5, 1);  // tx only: no latency series
  return snap;
}

TEST(StatsHistory, SeriesInSecondsSinceTheFirstSnapshot) {
  StatsHistory history;
  QSignalSpy appended(&history, &StatsHistory::appended);
  history.applySnapshot("d", snapshotAt(0, 100));
  history.applySnapshot("d", snapshotAt(0.5, 200));
  history.applySnapshot("d", snapshotAt(2, 300));
  EXPECT_EQ(appended.count(), 3);
  EXPECT_EQ(history.portKeys(), QStringList{"d|eth0"});
  EXPECT_EQ(history.streamKeys(), QStringList{"d|eth0|eth1|4"});
  EXPECT_EQ(history.portSeries("d|eth0", PS::kTxPps), (QList<QPointF>{{0, 100}, {0.5, 200}, {2, 300}}));
  EXPECT_EQ(history.portSeries("d|eth0", PS::kRxPps), (QList<QPointF>{{0, 50}, {0.5, 100}, {2, 150}}));
  EXPECT_EQ(history.portSeries("d|eth0", PS::kTxBpsL1).last(), QPointF(2, 300 * 672));
  EXPECT_EQ(history.portSeries("d|eth0", PS::kRxBpsL1).last(), QPointF(2, 300 * 336));
  EXPECT_EQ(history.latencySeries("d|eth0|eth1|4", LS::kAvg), (QList<QPointF>{{0, 100}, {0.5, 200}, {2, 300}}))
      << "µs";
  EXPECT_EQ(history.latencySeries("d|eth0|eth1|4", LS::kP99).first(), QPointF(0, 2.5));
  EXPECT_EQ(history.latencySeries("d|eth0|eth1|4", LS::kMax).first(), QPointF(0, 9));
  ASSERT_NE(history.latestLatency("d|eth0|eth1|4"), nullptr);
  EXPECT_EQ(history.latestLatency("d|eth0|eth1|4")->avg_ns(), 300000u);
  EXPECT_EQ(history.latestLatency("nope"), nullptr);
  EXPECT_TRUE(history.portSeries("nope", PS::kTxPps).isEmpty());
  EXPECT_TRUE(history.latencySeries("d|eth0||5", LS::kAvg).isEmpty());
}

TEST(StatsHistory, ALongRunKeepsItsWholeHistoryInBoundedPoints) {
  StatsHistory history(6);
  for (int i = 0; i < 6; ++i) history.applySnapshot("d", snapshotAt(i, i));
  EXPECT_EQ(history.portSeries("d|eth0", PS::kTxPps), (QList<QPointF>{{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}}));
  // The seventh point halves the rest: neighbours become their mean; new points come in pairs.
  history.applySnapshot("d", snapshotAt(6, 6));
  EXPECT_EQ(history.portSeries("d|eth0", PS::kTxPps), (QList<QPointF>{{0.5, 0.5}, {2.5, 2.5}, {4.5, 4.5}, {6, 6}}));
  for (int i = 7; i < 1000; ++i) history.applySnapshot("d", snapshotAt(i, i));
  const QList<QPointF> tx = history.portSeries("d|eth0", PS::kTxPps);
  EXPECT_LE(tx.size(), 7);
  EXPECT_EQ(tx.first(), QPointF(127.5, 127.5)) << "each point is the mean of 256 arrivals";
  EXPECT_LT(tx.first().x(), 200) << "the run's beginning is still there";
  EXPECT_GT(tx.last().x(), 900) << "and its end";
  double mean = 0;
  for (const QPointF& p : tx) mean += p.y() / tx.size();
  EXPECT_NEAR(mean, 499.5, 150) << "the points stand for the whole run";
  EXPECT_EQ(history.latencySeries("d|eth0|eth1|4", LS::kAvg).size(), tx.size());
  EXPECT_EQ(history.capacity(), 6);
}

TEST(DownsampledSeries, AMaximumSurvivesMerging) {
  struct Peak {
    double x, max;
    static Peak merge(const Peak& a, const Peak& b) { return {(a.x + b.x) / 2, a.max > b.max ? a.max : b.max}; }
  };
  DownsampledSeries<Peak> series(4);
  for (int i = 0; i < 100; ++i) series.push({double(i), i == 37 ? 1000.0 : 1.0});
  double peak = 0;
  series.forEach([&](const Peak& p) { peak = std::max(peak, p.max); });
  EXPECT_EQ(peak, 1000.0) << "a 17 ms spike stays on a week's chart";
  EXPECT_LE(series.size(), 5u);
  EXPECT_EQ(series.stride(), 32u);
}

TEST(StatsHistory, DronesRestartsLimitsAndClear) {
  StatsHistory history(100);
  history.applySnapshot("a", snapshotAt(10, 1));
  v1::StatsSnapshot other = snapshotAt(0, 1);
  other.set_timestamp_ns(42);  // another host's unrelated clock
  history.applySnapshot("b", other);
  other.set_timestamp_ns(42 + 1'000'000'000);
  history.applySnapshot("b", other);
  const QList<QPointF> b = history.portSeries("b|eth0", PS::kTxPps);
  ASSERT_EQ(b.size(), 2);
  EXPECT_GE(b[0].x(), 0.0);
  EXPECT_DOUBLE_EQ(b[1].x() - b[0].x(), 1.0);

  history.applySnapshot("a", snapshotAt(0, 1));  // the drone restarted: its clock went back
  const QList<QPointF> a = history.portSeries("a|eth0", PS::kTxPps);
  ASSERT_EQ(a.size(), 2);
  EXPECT_GE(a[1].x(), a[0].x()) << "time never runs backwards on the chart";

  history.clear();
  EXPECT_TRUE(history.portKeys().isEmpty());
  EXPECT_TRUE(history.streamKeys().isEmpty());
  history.setMaxStreamSeries(2);
  v1::StatsSnapshot many = snapshotAt(0, 1);
  for (uint32_t id = 10; id < 20; ++id) addStream(many, "eth0", "eth1", id, 1, 1)->mutable_latency()->set_samples(1);
  history.applySnapshot("a", many);
  EXPECT_EQ(history.streamKeys().size(), 2);
  EXPECT_EQ(history.portSeries("a|eth0", PS::kTxPps).first().x(), 0.0) << "the first snapshot after clear is x 0";
}

TEST(StatsHistory, KeepsOnlyTheLatestLatencyBucketsOfAStream) {
  StatsHistory history;
  auto withBuckets = [](double seconds, std::vector<std::pair<uint32_t, uint64_t>> buckets) {
    v1::StatsSnapshot snap = snapshotAt(seconds, 1);
    v1::LatencyStats* l = snap.mutable_streams(0)->mutable_latency();
    l->set_sub_bucket_bits(6);
    for (auto [index, count] : buckets) {
      l->add_bucket_index(index);
      l->add_bucket_count(count);
    }
    return snap;
  };
  history.applySnapshot("d", withBuckets(0, {{10, 1}, {700, 2}}));
  history.applySnapshot("d", withBuckets(1, {{10, 3}, {700, 4}, {900, 5}}));
  const v1::LatencyStats* l = history.latestLatency("d|eth0|eth1|4");
  ASSERT_NE(l, nullptr);
  EXPECT_EQ(std::vector<uint32_t>(l->bucket_index().begin(), l->bucket_index().end()), (std::vector<uint32_t>{10, 700, 900}));
  EXPECT_EQ(std::vector<uint64_t>(l->bucket_count().begin(), l->bucket_count().end()), (std::vector<uint64_t>{3, 4, 5}));
  EXPECT_EQ(history.latencySeries("d|eth0|eth1|4", LS::kAvg).size(), 2) << "the series keep their points, not buckets";
}

}  // namespace
}  // namespace staccato::client::test
