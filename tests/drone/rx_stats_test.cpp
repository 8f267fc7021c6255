#include <gtest/gtest.h>

#include <random>

#include "drone/rx/latency_histogram.h"
#include "drone/rx/sequence_tracker.h"
#include "drone/rx/stream_rx_stats.h"

namespace staccato::drone {
namespace {

TEST(LatencyHistogram, BucketsCoverEveryValueWithSmallError) {
  for (uint64_t v : {0ull, 1ull, 63ull, 64ull, 65ull, 127ull, 128ull, 1000ull, 2'000'000ull, 123'456'789'012ull}) {
    const size_t b = LatencyHistogram::bucketOf(v);
    EXPECT_LE(LatencyHistogram::bucketLow(b), v);
    EXPECT_GE(LatencyHistogram::bucketHigh(b), v);
    EXPECT_LE(double(LatencyHistogram::bucketHigh(b) - LatencyHistogram::bucketLow(b)), 1.0 + double(v) / 64.0) << v;
  }
  EXPECT_LT(LatencyHistogram::bucketOf(UINT64_MAX), LatencyHistogram::kBuckets);
}

TEST(LatencyHistogram, PercentilesOfAKnownDistribution) {
  LatencyHistogram h;
  for (uint64_t v = 1; v <= 100000; ++v) h.record(v * 100);  // uniform 100 ns .. 10 ms
  EXPECT_EQ(h.count(), 100000u);
  EXPECT_EQ(h.min(), 100u);
  EXPECT_EQ(h.max(), 10'000'000u);
  EXPECT_EQ(h.mean(), 5'000'050u);
  EXPECT_NEAR(double(h.quantile(0.5)), 5e6, 5e6 * 0.016);
  EXPECT_NEAR(double(h.quantile(0.9)), 9e6, 9e6 * 0.016);
  EXPECT_NEAR(double(h.quantile(0.99)), 9.9e6, 9.9e6 * 0.016);
  EXPECT_NEAR(double(h.quantile(0.999)), 9.99e6, 9.99e6 * 0.016);
  h.clear();
  EXPECT_EQ(h.count(), 0u);
  EXPECT_EQ(h.quantile(0.5), 0u);
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

}  // namespace
}  // namespace staccato::drone
