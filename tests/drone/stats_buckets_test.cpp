// Latency buckets in the drone's stats: only watchers that ask get them, and they hold every
// packet received (fake ports really send and measure latency).
#include <gtest/gtest.h>

#include <mutex>

#include "rpc/stats/latency_buckets.h"
#include "tests/drone/drone_test_util.h"

namespace staccato::drone::test {
namespace {

/// Keeps the first snapshot delivered.
struct FirstSnapshot : StatsWatcher {
  void deliver(SharedSnapshot s) override {
    std::lock_guard lock(mu);
    if (!first) first = std::move(s);
  }
  SharedSnapshot get() {
    std::lock_guard lock(mu);
    return first;
  }
  std::mutex mu;
  SharedSnapshot first;
};

TEST(StatsBuckets, OnlyWatchersThatAskGetTheHistogram) {
  FakeDrone d;
  d.runToEnd("a", {udpStream(1, 300)});
  d.waitReceived("b", 1, 300);
  FirstSnapshot with, without;
  d.core().stats().subscribe(&with, 100, {}, true);
  d.core().stats().subscribe(&without, 100, {"b"}, false);
  ASSERT_TRUE(waitUntil([&] { return with.get() && without.get(); }));
  d.core().stats().unsubscribe(&with);
  d.core().stats().unsubscribe(&without);

  const v1::StreamStats* row = streamRow(*with.get(), "a", 1, "b");
  ASSERT_TRUE(row);
  const v1::LatencyStats& l = row->latency();
  EXPECT_EQ(row->rx_packets(), 300u);
  EXPECT_TRUE(rpc::checkLatencyBuckets(l).ok());
  EXPECT_GT(l.bucket_index_size(), 0);
  EXPECT_EQ(rpc::bucketTotal(l), l.samples());
  EXPECT_EQ(rpc::bucketTotal(l), 300u);
  EXPECT_EQ(rpc::percentileFromBuckets(l, 0.99), l.p99_ns());

  const v1::StreamStats* plain = streamRow(*without.get(), "a", 1, "b");
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->latency().bucket_index_size(), 0);
  EXPECT_EQ(plain->latency().bucket_count_size(), 0);
  EXPECT_EQ(plain->latency().p99_ns(), l.p99_ns());
}

}  // namespace
}  // namespace staccato::drone::test
