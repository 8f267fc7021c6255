// Calibration through a loop with no device: the generator's ceiling, or its receiver's, at each
// frame size; and a benchmark with that calibration never asks the generator for more.
#include <gtest/gtest.h>

#include "client/core/benchmark/calibration.h"
#include "tests/benchmark/benchmark_test_support.h"

namespace staccato::bench::testing {
namespace {

BenchmarkConfig loopConfig() {
  BenchmarkConfig c = searchConfig(SearchMethod::kMultiGoal);
  c.frameSizes = {FrameSize::fixed(64), FrameSize::fixed(512), FrameSize::fixed(1518), FrameSize::imix()};
  return c;
}

TEST(Calibration, FindsTheGeneratorsCeilingAtEverySize) {
  const double ceilingPps = 300e3;
  SimulatedDevice loop({.rateBps = 0, .queueFrames = 0, .testerCeilingPps = ceilingPps});
  const BenchmarkConfig c = loopConfig();
  std::vector<TrialResult> log;
  auto calibration = calibrate(loop, c, {}, {}, log, "simulated loop");
  ASSERT_TRUE(calibration.ok()) << calibration.error().toString();
  ASSERT_EQ(calibration->points.size(), 4u);
  for (const CalibrationPoint& p : calibration->points) {
    const double expected = std::min(ceilingPps, maxFrameRate(1e9, p.frameSize.averageBytes()));
    EXPECT_LE(p.maxPps, expected * 1.0001) << p.frameSize.label();
    EXPECT_GE(p.maxPps, expected * 0.97) << p.frameSize.label();
    EXPECT_DOUBLE_EQ(p.lineRateBps, 1e9);
  }
  EXPECT_EQ(calibration->setup, "simulated loop");
  EXPECT_EQ(loop.prepared(), 4u);
}

TEST(Calibration, ReceiverThatCannotCountIsTheLimit) {
  SimulatedDevice loop({.rateBps = 0, .queueFrames = 0, .receiverMissAbovePps = 200e3});
  std::vector<TrialResult> log;
  BenchmarkConfig c = loopConfig();
  c.frameSizes = {FrameSize::fixed(64)};
  auto calibration = calibrate(loop, c, {}, {}, log, "loop");
  ASSERT_TRUE(calibration.ok());
  EXPECT_LE(calibration->points[0].maxPps, 200e3);
  EXPECT_GE(calibration->points[0].maxPps, 200e3 * 0.97);
}

TEST(Calibration, KeepsLaterTrialsWithinIt) {
  SimulatedDevice loop({.rateBps = 0, .queueFrames = 0, .testerCeilingPps = 250e3});
  std::vector<TrialResult> log;
  BenchmarkConfig c = loopConfig();
  auto calibration = calibrate(loop, c, {}, {}, log, "loop");
  ASSERT_TRUE(calibration.ok());
  SimulatedDevice device({.rateBps = 0, .testerCeilingPps = 250e3});
  const BenchmarkResult r = runBenchmark(c, *calibration, device);
  ASSERT_TRUE(r.error.empty()) << r.error;
  for (const TrialResult& t : r.trials) EXPECT_FALSE(t.testerLimited) << t.number << ": " << t.testerLimitReason;
  for (const SizeResult& s : r.sizes)
    for (const GoalResult& g : s.throughput->goals) EXPECT_TRUE(g.testerLimited || g.lowerLoad == 1.0) << s.frameSize.label();
}

TEST(Calibration, GeneratorThatSendsNothingIsAnError) {
  SimulatedDevice loop({.rateBps = 0, .testerCeilingPps = 1});
  std::vector<TrialResult> log;
  auto calibration = calibrate(loop, loopConfig(), {}, {}, log, "loop");
  ASSERT_FALSE(calibration.ok());
  EXPECT_NE(calibration.error().message.find("does not send and count"), std::string::npos) << calibration.error().message;
}

}  // namespace
}  // namespace staccato::bench::testing
