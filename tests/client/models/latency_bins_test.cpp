#include <gtest/gtest.h>

#include <cmath>

#include "client/models/latency_bins.h"

namespace staccato::client::test {
namespace {

using rpc::LatencyBucket;

TEST(LatencyBins, BucketsWideEnoughAreTheirOwnBins) {
  const std::vector<LatencyBucket> buckets = {{0, 0, 2}, {1, 1, 3}, {1000, 1007, 4}};
  EXPECT_EQ(latencyBins(buckets, 0), (std::vector<LatencyBin>{{0.5, 1, 2}, {1, 2, 3}, {1000, 1008, 4}}));
}

TEST(LatencyBins, NarrowBucketsJoinABinOfTheMinimumWidth) {
  const std::vector<LatencyBucket> buckets = {{100, 100, 1}, {101, 101, 2}, {200, 203, 5}, {204, 207, 7}};
  // At least 5 % wide: 101 starts within [100, 105), 204 within [200, 210).
  const auto bins = latencyBins(buckets, std::log10(1.05));
  ASSERT_EQ(bins.size(), 2u);
  EXPECT_EQ(bins[0].lowNs, 100);
  EXPECT_DOUBLE_EQ(bins[0].endNs, 105);  // widened to the minimum, up to the next bucket
  EXPECT_EQ(bins[0].count, 3u);
  EXPECT_EQ(bins[1].lowNs, 200);
  EXPECT_DOUBLE_EQ(bins[1].endNs, 210);
  EXPECT_EQ(bins[1].count, 12u);
  EXPECT_EQ(latencyBins(buckets, 10).size(), 1u);
  EXPECT_EQ(latencyBins(buckets, 10)[0].count, 15u) << "every packet is in a bin";
  EXPECT_TRUE(latencyBins({}, 0.01).empty());
}

}  // namespace
}  // namespace staccato::client::test
