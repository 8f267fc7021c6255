#include <gtest/gtest.h>

#include <random>

#include "drone/core/stats_rows.h"
#include "common/core/clock.h"
#include "drone/rx/latency_histogram.h"
#include "drone/rx/sequence_tracker.h"
#include "drone/rx/stream_rx_stats.h"
#include "rpc/stats/latency_buckets.h"

namespace staccato::drone {
namespace {

TEST(LatencyHistogram, RecordsInTheRpcBucketLayout) {
  LatencyHistogram h;
  for (uint64_t v : {0ull, 63ull, 64ull, 129ull, 1000ull, 123'456'789'012ull}) h.record(v);
  std::vector<std::pair<size_t, uint64_t>> seen;
  h.forEachBucket([&](size_t b, uint64_t n) { seen.emplace_back(b, n); });
  ASSERT_EQ(seen.size(), 6u);  // every value within the bounds of the bucket it went to
  const uint64_t values[] = {0, 63, 64, 129, 1000, 123'456'789'012ull};
  for (size_t i = 0; i < seen.size(); ++i) {
    EXPECT_EQ(seen[i].second, 1u);
    EXPECT_LE(rpc::latencyBucketLow(seen[i].first, LatencyHistogram::kSubBits), values[i]);
    EXPECT_GE(rpc::latencyBucketHigh(seen[i].first, LatencyHistogram::kSubBits), values[i]);
  }
  h.record(128);  // 128 and 129 share a bucket
  uint64_t shared = 0;
  h.forEachBucket([&](size_t b, uint64_t n) { shared += b == LatencyHistogram::bucketOf(129) ? n : 0; });
  EXPECT_EQ(shared, 2u);
}

TEST(LatencyHistogram, ReceiveRowPercentilesOfAKnownDistribution) {
  StreamRxStats rx;
  for (uint32_t v = 1; v <= 100000; ++v) rx.onPacket(0, v - 1, 64, 1'000'000, 1'000'000 + v * 100ull);  // 100 ns .. 10 ms
  EXPECT_EQ(rx.latency.count(), 100000u);
  EXPECT_EQ(rx.latency.mean(), 5'000'050u);
  const v1::StreamStats row = receiveRow("p1", 7, rx, 0, true);
  const v1::LatencyStats& l = row.latency();
  EXPECT_EQ(l.min_ns(), 100u);
  EXPECT_EQ(l.max_ns(), 10'000'000u);
  EXPECT_NEAR(double(l.p50_ns()), 5e6, 5e6 * 0.016);
  EXPECT_NEAR(double(l.p90_ns()), 9e6, 9e6 * 0.016);
  EXPECT_NEAR(double(l.p99_ns()), 9.9e6, 9.9e6 * 0.016);
  EXPECT_NEAR(double(l.p999_ns()), 9.99e6, 9.99e6 * 0.016);
  // The buckets sent hold every sample, and percentiles from them are the drone's own.
  EXPECT_EQ(l.sub_bucket_bits(), rpc::kLatencySubBucketBits);
  EXPECT_TRUE(rpc::checkLatencyBuckets(l).ok());
  EXPECT_EQ(rpc::bucketTotal(l), 100000u);
  EXPECT_GT(l.bucket_index_size(), 300);  // 100 ns .. 10 ms: 17 powers of two, 64 buckets each at most
  EXPECT_LE(l.bucket_index_size(), 17 * 64);
  EXPECT_EQ(rpc::percentileFromBuckets(l, 0.5), l.p50_ns());
  EXPECT_EQ(rpc::percentileFromBuckets(l, 0.99), l.p99_ns());
  // Without buckets: the same percentiles, no buckets.
  const v1::StreamStats small = receiveRow("p1", 7, rx, 0, false);
  EXPECT_EQ(small.latency().bucket_index_size(), 0);
  EXPECT_EQ(small.latency().sub_bucket_bits(), 0u);
  EXPECT_EQ(small.latency().p99_ns(), l.p99_ns());
  EXPECT_LT(small.ByteSizeLong() * 10, row.ByteSizeLong());
  const StreamRxStats fresh;
  const v1::StreamStats none = receiveRow("p1", 7, fresh, 0, true);
  EXPECT_EQ(none.latency().p50_ns(), 0u);
  EXPECT_EQ(none.latency().bucket_index_size(), 0);
}

TEST(SequenceTracker, LossDuplicatesAndReorder) {
  SequenceTracker t;
  for (uint32_t s : {0u, 1u, 2u, 5u, 4u, 4u, 6u, 9u, 3u}) t.onPacket(s);
  // Missing: 7, 8. Late: 4 (after 5), 3 (after 9). Duplicate: 4.
  EXPECT_EQ(t.unique(), 8u);
  EXPECT_EQ(t.lost(), 2u);
  EXPECT_EQ(t.duplicates(), 1u);
  EXPECT_EQ(t.reordered(), 2u);
}

TEST(SequenceTracker, FirstPacketsLostAndWrapAround) {
  SequenceTracker t;
  t.onPacket(3);
  EXPECT_EQ(t.lost(), 3u);  // 0, 1, 2 never came
  SequenceTracker w;
  uint32_t s = 0xfffffff0u;
  for (int i = 0; i < 40; ++i) w.onPacket(s + static_cast<uint32_t>(i));  // crosses 2^32
  EXPECT_EQ(w.duplicates(), 0u);
  EXPECT_EQ(w.reordered(), 0u);
  EXPECT_EQ(w.unique(), 40u);
}

TEST(SequenceTracker, RandomLossIsCountedExactly) {
  std::mt19937 rng(5);
  SequenceTracker t;
  uint64_t dropped = 0;
  for (uint32_t s = 0; s < 100000; ++s) {
    if (rng() % 20 == 0 && s != 99999) {
      ++dropped;
      continue;
    }
    t.onPacket(s);
  }
  EXPECT_EQ(t.lost(), dropped);
}

TEST(StreamRxStats, LatencyAndRfc3550Jitter) {
  StreamRxStats s;
  // Transit alternates 1000 and 3000 ns: |D| = 2000 each time; J converges to 2000.
  for (uint32_t i = 0; i < 500; ++i) s.onPacket(0, i, 64, 1'000'000 + i * 10'000ull, 1'000'000 + i * 10'000ull + (i % 2 ? 3000 : 1000));
  EXPECT_EQ(s.packets.load(), 500u);
  EXPECT_EQ(s.bytes.load(), 500u * 64);
  EXPECT_EQ(s.latency.min(), 1000u);
  EXPECT_EQ(s.latency.max(), 3000u);
  EXPECT_EQ(s.latency.mean(), 2000u);
  EXPECT_NEAR(double(s.jitterNs.load()), 2000.0, 5.0);
  s.onPacket(0, 3, 64, 0, 500);  // a duplicate does not count as a latency sample
  EXPECT_EQ(s.latency.count(), 500u);
  EXPECT_EQ(s.sequence.duplicates(), 1u);
}

// Two queues each number their own lane: on the wire their packets interleave in any order,
// which is not reordering; within a lane, order, gaps and duplicates still count.
TEST(LaneSequences, QueuesInterleavingIsNotReordering) {
  LaneSequences s;
  // Lane 1 runs ahead of lane 0 by up to 40 packets, as a faster queue would.
  for (uint32_t i = 0; i < 1000; ++i) {
    s.onPacket(1, i);
    if (i >= 40) s.onPacket(0, i - 40);
  }
  for (uint32_t i = 960; i < 1000; ++i) s.onPacket(0, i);
  EXPECT_EQ(s.unique(), 2000u);
  EXPECT_EQ(s.reordered(), 0u);
  EXPECT_EQ(s.lost(), 0u);
  EXPECT_EQ(s.lanes(), 2u);
}

TEST(LaneSequences, LossDuplicatesAndReorderingAreCountedPerLane) {
  LaneSequences s;
  for (uint32_t i : {0u, 1u, 3u, 2u, 4u}) s.onPacket(0, i);  // 2 arrives late
  for (uint32_t i : {0u, 1u, 1u, 5u}) s.onPacket(7, i);      // a duplicate, then 2..4 missing
  EXPECT_EQ(s.reordered(), 1u);
  EXPECT_EQ(s.duplicates(), 1u);
  EXPECT_EQ(s.lost(), 3u);
  EXPECT_EQ(s.lanes(), 8u);
  s.clear();
  EXPECT_EQ(s.unique(), 0u);
  EXPECT_EQ(s.lost(), 0u);
}

// Turbo receive turns the driver's monotonic stamps into the signature's realtime clock with this
// offset: it must be the clocks' real difference (a thread preempted between two reads once
// shifted a whole batch by the time it waited, and a frame seemed to arrive before it was sent).
TEST(Clocks, RealtimeMinusMonotonicIsTheClocksDifference) {
  for (int i = 0; i < 100; ++i) {
    const int64_t offset = realtimeMinusMonotonicNs();
    const uint64_t m = monotonicNs(), r = realtimeNs(), m2 = monotonicNs();
    const int64_t low = static_cast<int64_t>(r - m2), high = static_cast<int64_t>(r - m);
    EXPECT_LE(offset, high + 50'000) << "attempt " << i;
    EXPECT_GE(offset, low - 50'000) << "attempt " << i;
  }
}

}  // namespace
}  // namespace staccato::drone
