// The latency histogram chart: a snapshot's buckets drawn as steps over the latency axis (µs),
// the percentiles marked, and buckets a drone sent malformed not drawn.
#include <gtest/gtest.h>

#include <QChart>

#include <cmath>

#include "client/widgets/latency_histogram_chart.h"
#include "rpc/stats/latency_buckets.h"

using namespace staccato;
using namespace staccato::client;

namespace {

/// 10 packets at 1000 ns, 5 at 1010 (the next bucket), 1 at 5000.
v1::LatencyStats known() {
  v1::LatencyStats l;
  l.set_samples(16);
  l.set_min_ns(1000);
  l.set_max_ns(5000);
  l.set_sub_bucket_bits(6);
  for (auto [ns, count] : {std::pair<uint64_t, uint64_t>{1000, 10}, {1010, 5}, {5000, 1}}) {
    l.add_bucket_index(uint32_t(rpc::latencyBucketOf(ns, 6)));
    l.add_bucket_count(count);
  }
  rpc::setPercentiles(l);
  return l;
}

TEST(LatencyHistogramChart, DrawsEveryBucketAsAStep) {
  LatencyHistogramChart chart;
  const v1::LatencyStats l = known();
  chart.showLatency(&l);
  // Buckets [1000, 1007], [1008, 1015] and [4992, 5055] ns. The chart spans 1 to 5.056 µs in
  // 50 bins at least (each 1.02 times as wide as it starts): the first two buckets (0.8 % wide
  // each) share a bin, the last is alone.
  const double widest = std::pow(10, std::log10(5.056) / 50), z = LatencyHistogramChart::kFloor;
  const QList<QPointF> expected = {{1.0, z},   {1.0, 15},  {widest, 15},          {widest, z},
                                   {4.992, z}, {4.992, 1}, {4.992 * widest, 1}, {4.992 * widest, z}};
  const QList<QPointF> got = chart.stepPoints();
  ASSERT_EQ(got.size(), expected.size());
  for (qsizetype i = 0; i < got.size(); ++i) {
    EXPECT_NEAR(got[i].x(), expected[i].x(), 1e-9) << i;
    EXPECT_EQ(got[i].y(), expected[i].y()) << i;
  }
  EXPECT_EQ(chart.drawnCount(), 16u);
  EXPECT_EQ(chart.markerNames(), (QStringList{"p50 1", "p99 1.01", "p99.9 1.01"}));
  EXPECT_EQ(chart.chart()->title(), "Latency histogram");

  chart.showLatency(nullptr);
  EXPECT_TRUE(chart.stepPoints().isEmpty());
  EXPECT_TRUE(chart.markerNames().isEmpty());
}

TEST(LatencyHistogramChart, MalformedOrMissingBucketsAreNotDrawn) {
  LatencyHistogramChart chart;
  v1::LatencyStats bad = known();
  bad.set_bucket_index(2, 123456);  // out of range
  chart.showLatency(&bad);
  EXPECT_TRUE(chart.stepPoints().isEmpty());
  EXPECT_EQ(chart.drawnCount(), 0u);
  EXPECT_TRUE(chart.chart()->title().contains("malformed")) << chart.chart()->title().toStdString();
  EXPECT_TRUE(chart.chart()->title().contains("bucket_index[2]"));
  bad = known();
  bad.add_bucket_count(3);  // more counts than indices
  chart.showLatency(&bad);
  EXPECT_TRUE(chart.stepPoints().isEmpty());

  v1::LatencyStats old = known();  // an older drone: percentiles only
  old.clear_bucket_index();
  old.clear_bucket_count();
  chart.showLatency(&old);
  EXPECT_TRUE(chart.stepPoints().isEmpty());
  EXPECT_EQ(chart.markerNames().size(), 3);
  EXPECT_TRUE(chart.chart()->title().contains("no buckets"));
}

}  // namespace
