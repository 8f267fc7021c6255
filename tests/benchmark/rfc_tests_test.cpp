// RFC 2544's latency (26.2), frame-loss rate (26.3) and back-to-back (26.4, RFC 9004) tests,
// run as a whole benchmark against the simulated device.
#include <gtest/gtest.h>

#include <cmath>

#include "tests/benchmark/benchmark_test_support.h"

namespace staccato::bench::testing {
namespace {

BenchmarkConfig testsConfig(std::vector<TestKind> tests, std::vector<FrameSize> sizes) {
  BenchmarkConfig c = searchConfig(SearchMethod::kMultiGoal);
  c.tests = std::move(tests);
  c.frameSizes = std::move(sizes);
  c.backToBack.trials = 5;
  c.backToBack.maxBurstSeconds = 0.5;
  return c;
}

TEST(BackToBack, LongestBurstAndCorrectedBufferMatchTheQueue) {
  for (uint64_t queue : {500u, 2000u, 20000u}) {
    for (uint32_t bytes : {64u, 512u, 1518u}) {
      const FrameSize size = FrameSize::fixed(bytes);
      SimulatedDevice device({.rateBps = 300e6, .queueFrames = queue});
      const BenchmarkResult r = runBenchmark(testsConfig({TestKind::kThroughput, TestKind::kBackToBack}, {size}), {}, device);
      ASSERT_TRUE(r.error.empty()) << r.error;
      ASSERT_TRUE(r.sizes[0].backToBack.has_value());
      const BackToBackResult& b = *r.sizes[0].backToBack;
      SCOPED_TRACE("queue " + std::to_string(queue) + ", " + size.label() + " B: average " + std::to_string(b.averageFrames) +
                   ", corrected " + std::to_string(b.correctedBufferFrames()) + " frames, note '" + b.note + "'");
      ASSERT_EQ(b.bursts.size(), 5u);
      // The queue fills at (burst rate - device rate): the longest burst is Q / (1 - R / L).
      const double lineRate = maxFrameRate(1e9, bytes), rate = device.ratePps(size);
      EXPECT_NEAR(b.averageFrames, double(queue) / (1 - rate / lineRate), 0.012 * double(queue) / (1 - rate / lineRate));
      // RFC 9004's correction takes out what the device forwarded meanwhile: the queue itself.
      EXPECT_NEAR(b.correctedBufferFrames(), double(queue), 0.02 * double(queue));
      EXPECT_NEAR(b.correctedBufferSeconds, double(queue) / lineRate, 0.02 * double(queue) / lineRate);
      EXPECT_DOUBLE_EQ(b.impliedBufferSeconds, b.averageFrames / lineRate);
    }
  }
}

TEST(BackToBack, DeviceAtLineRateHasNoBufferToMeasure) {
  SimulatedDevice device({.rateBps = 0});
  const BenchmarkResult r = runBenchmark(testsConfig({TestKind::kThroughput, TestKind::kBackToBack}, {FrameSize::fixed(64)}), {}, device);
  ASSERT_TRUE(r.sizes[0].backToBack.has_value());
  EXPECT_TRUE(r.sizes[0].backToBack->bursts.empty());
  EXPECT_NE(r.sizes[0].backToBack->note.find("no buffer to measure"), std::string::npos);
}

TEST(Latency, AtFractionsOfTheThroughputFromMergedHistograms) {
  SimulatedDevice device({.rateBps = 300e6});
  BenchmarkConfig c = testsConfig({TestKind::kThroughput, TestKind::kLatency}, {FrameSize::fixed(256)});
  c.latency.trials = 3;
  const BenchmarkResult r = runBenchmark(c, {}, device);
  ASSERT_TRUE(r.error.empty()) << r.error;
  const LatencyResult& l = *r.sizes[0].latency;
  const double ndr = r.sizes[0].throughput->goals[0].lowerLoad;
  EXPECT_DOUBLE_EQ(l.baseLoad, ndr);
  ASSERT_EQ(l.points.size(), 4u);
  uint64_t previous = UINT64_MAX;
  for (const LatencyPoint& p : l.points) {
    EXPECT_DOUBLE_EQ(p.load, p.fraction * ndr);
    EXPECT_EQ(p.trials, 3u);
    EXPECT_TRUE(p.failure.empty()) << p.failure;
    uint64_t rx = 0;
    for (const TrialResult& t : r.trials)
      if (t.test == "latency" && t.request.load == p.load) rx += t.rxFrames;
    EXPECT_EQ(p.latency.samples, rx);
    EXPECT_LT(p.latency.percentile(0.5), previous) << "latency falls with the load";
    previous = p.latency.percentile(0.5);
  }
}

TEST(Latency, PassCriteriaLimitTheThroughputInsideTheSearch) {
  // The device's latency is 20 us x (1 + load): a 25 us limit caps the throughput at 25 % load.
  SimulatedDevice device({.rateBps = 300e6});
  BenchmarkConfig c = testsConfig({TestKind::kThroughput, TestKind::kLatency}, {FrameSize::fixed(64)});
  c.criteria.maxLatencyNs = 2 * 25000;  // the device's maximum is twice its base latency
  const BenchmarkResult r = runBenchmark(c, {}, device);
  ASSERT_TRUE(r.error.empty()) << r.error;
  const GoalResult& ndr = r.sizes[0].throughput->goals[0];
  EXPECT_LT(ndr.lowerLoad, 0.25);
  EXPECT_GT(ndr.lowerLoad, 0.25 * 0.99);
  for (const LatencyPoint& p : r.sizes[0].latency->points) EXPECT_TRUE(p.failure.empty()) << p.failure;
  c.criteria.maxLatencyNs = 1000;
  c.latency.fixedLoad = 0.1;
  c.tests = {TestKind::kLatency};
  const BenchmarkResult strict = runBenchmark(c, {}, device);
  ASSERT_TRUE(strict.error.empty()) << strict.error;
  EXPECT_NE(strict.sizes[0].latency->points[0].failure.find("above the limit"), std::string::npos);
}

TEST(FrameLoss, FallsInStepsUntilTwoTrialsInARowLoseNothing) {
  SimulatedDevice device({.rateBps = 300e6, .queueFrames = 100});
  const FrameSize size = FrameSize::fixed(64);
  BenchmarkConfig c = testsConfig({TestKind::kFrameLoss}, {size});
  const BenchmarkResult r = runBenchmark(c, {}, device);
  ASSERT_TRUE(r.error.empty()) << r.error;
  const std::vector<LossStep>& steps = r.sizes[0].frameLoss->steps;
  // The device passes up to 39.4 % of line rate at 64 bytes: 100 .. 40 % lose, 30 % and 20 % do not.
  ASSERT_EQ(steps.size(), 9u);
  const double threshold = device.thresholdLoad(size, c.frameLoss.trialSeconds, 0);
  for (size_t k = 0; k < steps.size(); ++k) {
    EXPECT_NEAR(steps[k].load, 1.0 - 0.1 * double(k), 1e-12);
    if (steps[k].load >= threshold) {
      const double expected = 1 - (std::floor(device.ratePps(size) * 10) + 100) / std::floor(steps[k].load * maxFrameRate(1e9, 64) * 10);
      EXPECT_NEAR(steps[k].lossRatio, expected, 1e-9);
    } else {
      EXPECT_EQ(steps[k].lossRatio, 0);
    }
  }
}

TEST(FrameLoss, LoadsAboveTheCalibrationAreNotRun) {
  const FrameSize size = FrameSize::fixed(64);
  const Calibration calibration{"loop", 0, {{size, 0.55 * maxFrameRate(1e9, 64), 1e9}}};
  SimulatedDevice device({.rateBps = 0});
  const BenchmarkResult r = runBenchmark(testsConfig({TestKind::kFrameLoss}, {size}), calibration, device);
  const std::vector<LossStep>& steps = r.sizes[0].frameLoss->steps;
  ASSERT_EQ(steps.size(), 7u);  // 100..50 %: 5 not run, 50 % and 40 % lose nothing
  for (size_t k = 0; k < 5; ++k) EXPECT_TRUE(steps[k].testerLimited && steps[k].txFrames == 0);
  EXPECT_EQ(device.requests().size(), 2u);
}

}  // namespace
}  // namespace staccato::bench::testing
