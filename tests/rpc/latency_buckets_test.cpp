// The latency histogram as the RPC carries it (rpc/stats): bucket bounds, percentiles from
// buckets, merging, malformed buckets from a drone, and the CSV and HdrHistogram exports.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <sstream>

#include "rpc/stats/latency_buckets.h"
#include "rpc/stats/latency_export.h"

namespace staccato::rpc {
namespace {

constexpr unsigned kBits = kLatencySubBucketBits;

/// Stats of `values` (ns) recorded the drone's way.
v1::LatencyStats statsOf(const std::vector<std::pair<uint64_t, uint64_t>>& valueCounts) {
  v1::LatencyStats l;
  std::map<size_t, uint64_t> buckets;
  uint64_t n = 0, sum = 0, lo = UINT64_MAX, hi = 0;
  for (auto [v, c] : valueCounts) {
    buckets[latencyBucketOf(v, kBits)] += c;
    n += c;
    sum += v * c;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  l.set_samples(n);
  l.set_min_ns(lo);
  l.set_max_ns(hi);
  l.set_avg_ns(sum / n);
  l.set_sub_bucket_bits(kBits);
  for (auto [b, c] : buckets) {
    l.add_bucket_index(uint32_t(b));
    l.add_bucket_count(c);
  }
  setPercentiles(l);
  return l;
}

TEST(LatencyBucketBounds, EveryValueInItsBucketWithinOneSixtyFourth) {
  for (uint64_t v : std::initializer_list<uint64_t>{0, 1, 63, 64, 65, 127, 128, 1000, 2'000'000, 123'456'789'012, UINT64_MAX}) {
    const size_t b = latencyBucketOf(v, kBits);
    ASSERT_LT(b, latencyBucketCount(kBits));
    EXPECT_LE(latencyBucketLow(b, kBits), v);
    EXPECT_GE(latencyBucketHigh(b, kBits), v);
    EXPECT_LE(double(latencyBucketHigh(b, kBits) - latencyBucketLow(b, kBits)), 1.0 + double(v) / 64.0) << v;
  }
  EXPECT_EQ(latencyBucketHigh(latencyBucketCount(kBits) - 1, kBits), UINT64_MAX);
}

TEST(LatencyBucketBounds, BucketsTileTheValuesWithoutGapsInEveryLayout) {
  for (unsigned bits : {1u, 6u, 10u}) {
    for (size_t b = 0; b + 1 < latencyBucketCount(bits); ++b) {
      ASSERT_EQ(latencyBucketHigh(b, bits) + 1, latencyBucketLow(b + 1, bits)) << bits << " " << b;
      ASSERT_EQ(latencyBucketOf(latencyBucketLow(b, bits), bits), b);
      ASSERT_EQ(latencyBucketOf(latencyBucketHigh(b, bits), bits), b);
    }
  }
}

TEST(LatencyBuckets, PercentilesOfAKnownHistogram) {
  // 90 samples at 1000 ns, 9 at 5000, 1 at 100000: p50 and p90 in the first bucket, p99 in the
  // second, p99.9 in the last (midpoints, clamped to min/max).
  const v1::LatencyStats l = statsOf({{1000, 90}, {5000, 9}, {100000, 1}});
  // Buckets [1000, 1007], [4992, 5055] and [99328, 100351] (8, 64 and 1024 ns wide).
  const auto buckets = latencyBuckets(l);
  ASSERT_EQ(buckets.size(), 3u);
  EXPECT_EQ(buckets[0], (LatencyBucket{1000, 1007, 90}));
  EXPECT_EQ(buckets[1], (LatencyBucket{4992, 5055, 9}));
  EXPECT_EQ(buckets[2], (LatencyBucket{99328, 100351, 1}));
  // Ranks floor(q * 99) + 1: 50 and 90 in the first bucket, 99 in the second (p99.9 too).
  EXPECT_EQ(l.p50_ns(), 1003u);
  EXPECT_EQ(l.p90_ns(), 1003u);
  EXPECT_EQ(l.p99_ns(), 5023u);
  EXPECT_EQ(l.p999_ns(), 5023u);
  EXPECT_EQ(percentileFromBuckets(l, 1.0), 99839u);
  v1::LatencyStats narrow = l;
  narrow.set_min_ns(1005);  // never below the minimum measured, nor above the maximum
  narrow.set_max_ns(99000);
  EXPECT_EQ(percentileFromBuckets(narrow, 0.0), 1005u);
  EXPECT_EQ(percentileFromBuckets(narrow, 1.0), 99000u);
  EXPECT_EQ(bucketTotal(l), 100u);
}

TEST(LatencyBuckets, MalformedBucketsAreRefusedNotRead) {
  const v1::LatencyStats good = statsOf({{1000, 3}, {2000, 1}});
  auto broken = [&](auto change) {
    v1::LatencyStats l = good;
    change(l);
    return l;
  };
  const v1::LatencyStats cases[] = {
      broken([](v1::LatencyStats& l) { l.add_bucket_count(5); }),               // more counts than indices
      broken([](v1::LatencyStats& l) { l.set_bucket_index(1, 3776); }),         // out of range
      broken([](v1::LatencyStats& l) { l.set_bucket_index(1, 0xffffffffu); }),  // far out of range
      broken([](v1::LatencyStats& l) { l.set_bucket_index(1, l.bucket_index(0)); }),  // not ascending
      broken([](v1::LatencyStats& l) { l.set_sub_bucket_bits(0); }),
      broken([](v1::LatencyStats& l) { l.set_sub_bucket_bits(40); }),
  };
  for (const v1::LatencyStats& l : cases) {
    EXPECT_FALSE(checkLatencyBuckets(l).ok()) << l.ShortDebugString();
    EXPECT_TRUE(latencyBuckets(l).empty());
    EXPECT_EQ(percentileFromBuckets(l, 0.5), 0u);
    std::ostringstream csv, hgrm;
    v1::StreamStats row;
    *row.mutable_latency() = l;
    EXPECT_FALSE(writeLatencyCsvRows(csv, "d", row).ok());
    EXPECT_FALSE(writeHgrm(hgrm, l).ok());
    EXPECT_EQ(csv.str(), "");
    v1::LatencyStats into = good;
    EXPECT_FALSE(mergeLatency(into, l).ok());
  }
  EXPECT_NE(checkLatencyBuckets(cases[1]).error().toString().find("bucket_index[1]"), std::string::npos);
  EXPECT_TRUE(checkLatencyBuckets(v1::LatencyStats()).ok());  // none at all (an older drone) is fine
}

TEST(LatencyBuckets, MergingAddsBucketsAndRecomputesPercentiles) {
  v1::LatencyStats a = statsOf({{1000, 50}, {3000, 10}});
  const v1::LatencyStats b = statsOf({{1000, 10}, {2000, 20}, {90000, 10}});
  v1::LatencyStats merged;
  ASSERT_TRUE(mergeLatency(merged, a).ok());
  ASSERT_TRUE(mergeLatency(merged, b).ok());
  EXPECT_EQ(merged.ShortDebugString(), [&] {
    v1::LatencyStats all = statsOf({{1000, 60}, {2000, 20}, {3000, 10}, {90000, 10}});
    all.set_avg_ns(merged.avg_ns());  // integer means of the parts: within rounding of the whole
    return all.ShortDebugString();
  }());
  EXPECT_NEAR(double(merged.avg_ns()), (1000.0 * 60 + 2000 * 20 + 3000 * 10 + 90000 * 10) / 100, 1);
  v1::LatencyStats other = b;
  other.set_sub_bucket_bits(7);
  other.clear_bucket_index();
  other.clear_bucket_count();
  other.add_bucket_index(3);
  other.add_bucket_count(1);
  EXPECT_FALSE(mergeLatency(a, other).ok());  // another layout
}

TEST(LatencyExport, CsvRowsHaveBoundsCountsAndCumulativeFractions) {
  v1::StreamStats row;
  row.set_stream_id(4);
  row.set_tx_port("p0");
  row.set_rx_port("p,1");  // quoted
  *row.mutable_latency() = statsOf({{10, 1}, {1000, 2}, {5000, 1}});
  std::ostringstream out;
  writeLatencyCsvHeader(out);
  ASSERT_TRUE(writeLatencyCsvRows(out, "host:7878", row).ok());
  EXPECT_EQ(out.str(),
            "drone,stream_id,tx_port,rx_port,bucket_low_ns,bucket_high_ns,count,cumulative_fraction\n"
            "host:7878,4,p0,\"p,1\",10,10,1,0.250000000\n"
            "host:7878,4,p0,\"p,1\",1000,1007,2,0.750000000\n"
            "host:7878,4,p0,\"p,1\",4992,5055,1,1.000000000\n");
  v1::StreamStats none;
  std::ostringstream empty;
  EXPECT_TRUE(writeLatencyCsvRows(empty, "d", none).ok());
  EXPECT_EQ(empty.str(), "");
}

TEST(LatencyExport, HgrmIsHdrHistogramsPercentileDistribution) {
  // HdrHistogram's own example: 100, 200, 250 and 600 (here in µs).
  v1::LatencyStats l = statsOf({{100'000, 1}, {200'000, 1}, {250'000, 1}, {600'000, 1}});
  std::ostringstream out;
  ASSERT_TRUE(writeHgrm(out, l, "stream 1 a -> b").ok());
  const std::string text = out.str();
  // Values are the buckets' highest values (≤ 1.6 % above the samples), the last one the max.
  const char* expected =
      "#[stream 1 a -> b]\n"
      "       Value     Percentile TotalCount 1/(1-Percentile)\n"
      "\n"
      "     100.351 0.000000000000          1           1.00\n"
      "     100.351 0.100000000000          1           1.11\n"
      "     100.351 0.200000000000          1           1.25\n"
      "     200.703 0.300000000000          2           1.43\n"
      "     200.703 0.400000000000          2           1.67\n"
      "     200.703 0.500000000000          2           2.00\n"
      "     251.903 0.550000000000          3           2.22\n"
      "     251.903 0.600000000000          3           2.50\n"
      "     251.903 0.650000000000          3           2.86\n"
      "     251.903 0.700000000000          3           3.33\n"
      "     251.903 0.750000000000          3           4.00\n"
      "     600.000 0.775000000000          4           4.44\n"
      "     600.000 1.000000000000          4\n";
  EXPECT_EQ(text.substr(0, std::string(expected).size()), expected);
  EXPECT_NE(text.find("#[Mean    =      287.500, StdDeviation   ="), std::string::npos) << text;
  EXPECT_NE(text.find("#[Max     =      600.000, Total count    =            4]"), std::string::npos) << text;
  EXPECT_NE(text.find("#[Buckets =           59, SubBuckets     =           64]"), std::string::npos) << text;
}

TEST(LatencyExport, HgrmOfAHugeCountEnds) {
  // Counts near 2^63: the percentile ticks must still stop.
  v1::LatencyStats l = statsOf({{1000, 1}, {2000, 1}});
  l.set_bucket_count(0, uint64_t(1) << 62);
  l.set_bucket_count(1, 3);
  std::ostringstream out;
  ASSERT_TRUE(writeHgrm(out, l).ok());
  const std::string text = out.str();
  EXPECT_LT(std::count(text.begin(), text.end(), '\n'), 2000);
  EXPECT_NE(text.find(" 1.000000000000 4611686018427387907\n"), std::string::npos) << text;
}

TEST(LatencyExport, HgrmTitleFromADroneStaysOneCommentLine) {
  std::ostringstream out;
  ASSERT_TRUE(writeHgrm(out, statsOf({{1000, 1}}), "evil]\nname").ok());
  EXPECT_EQ(out.str().substr(0, out.str().find('\n') + 1), "#[evil  name]\n");
}

}  // namespace
}  // namespace staccato::rpc
