// The throughput searches against a simulated rate limiter: both find its rate within the asked
// precision at every frame size, and the multi-goal search finds NDR and PDR with less trial
// time than two binary searches.
#include <gtest/gtest.h>

#include <cmath>

#include "client/core/benchmark/mlr_search.h"
#include "tests/benchmark/benchmark_test_support.h"

namespace staccato::bench::testing {
namespace {

std::vector<FrameSize> allSizes() {
  std::vector<FrameSize> sizes;
  for (uint32_t b : kDefaultFrameSizes) sizes.push_back(FrameSize::fixed(b));
  sizes.push_back(FrameSize::imix());
  return sizes;
}

/// The goal's bounds bracket the device's true threshold, as narrow as the precision asks.
void expectBracketed(const GoalResult& g, double threshold, double precision, const std::string& what) {
  SCOPED_TRACE(what + " " + g.goal.name + ": threshold " + std::to_string(threshold) + ", lower " +
               std::to_string(g.lowerLoad) + ", upper " + std::to_string(g.upperLoad));
  EXPECT_FALSE(g.testerLimited);
  EXPECT_TRUE(g.irregular.empty());
  ASSERT_GT(g.lowerLoad, 0);
  ASSERT_GT(g.upperLoad, 0);
  EXPECT_LT(g.lowerLoad, threshold);
  EXPECT_GE(g.upperLoad, threshold * (1 - 1e-12));
  EXPECT_LE(g.upperLoad - g.lowerLoad, precision * g.upperLoad + 1e-9);
}

class SearchFindsRate : public ::testing::TestWithParam<SearchMethod> {};

TEST_P(SearchFindsRate, WithinPrecisionAtEveryFrameSize) {
  const BenchmarkConfig c = searchConfig(GetParam());
  for (double rate : {300e6, 50e6, 700e6}) {
    SimulatedDevice device({.rateBps = rate});
    for (const FrameSize& size : allSizes()) {
      std::vector<TrialResult> log;
      auto outcome = searchOnce(device, c, size, log);
      ASSERT_TRUE(outcome.ok()) << outcome.error().toString();
      ASSERT_EQ(outcome->goals.size(), 2u);
      const std::string what = size.label() + " B at " + std::to_string(rate / 1e6) + " Mbit/s";
      expectBracketed(outcome->goals[0], device.thresholdLoad(size, 30, 0), 0.005, what);
      expectBracketed(outcome->goals[1], device.thresholdLoad(size, 30, 0.005), 0.005, what);
      EXPECT_EQ(outcome->trials, log.size());
    }
  }
}

TEST_P(SearchFindsRate, DeviceFasterThanTheLineIsNotTesterLimited) {
  SimulatedDevice device({.rateBps = 0});
  std::vector<TrialResult> log;
  auto outcome = searchOnce(device, searchConfig(GetParam()), FrameSize::fixed(64), log);
  ASSERT_TRUE(outcome.ok());
  for (const GoalResult& g : outcome->goals) {
    EXPECT_DOUBLE_EQ(g.lowerLoad, 1.0);
    EXPECT_EQ(g.upperLoad, 0);
    EXPECT_FALSE(g.testerLimited);
  }
}

TEST_P(SearchFindsRate, AbsolutePrecision) {
  BenchmarkConfig c = searchConfig(GetParam(), {{"NDR", 0, 0}});
  c.search.relativePrecision = 0;
  c.search.absolutePrecision = 0.002;
  SimulatedDevice device({.rateBps = 120e6});
  std::vector<TrialResult> log;
  auto outcome = searchOnce(device, c, FrameSize::fixed(512), log);
  ASSERT_TRUE(outcome.ok());
  const GoalResult& g = outcome->goals[0];
  EXPECT_LT(g.lowerLoad, device.thresholdLoad(FrameSize::fixed(512), 30, 0));
  EXPECT_GE(g.upperLoad, device.thresholdLoad(FrameSize::fixed(512), 30, 0) * (1 - 1e-12));
  EXPECT_LE(g.upperLoad - g.lowerLoad, 0.002 + 1e-9);
}

TEST_P(SearchFindsRate, NothingMeetsTheGoalAtTheMinimumLoad) {
  SimulatedDevice device({.rateBps = 1e3, .queueFrames = 0});
  std::vector<TrialResult> log;
  auto outcome = searchOnce(device, searchConfig(GetParam(), {{"NDR", 0, 0}}), FrameSize::fixed(64), log);
  ASSERT_TRUE(outcome.ok());
  EXPECT_FALSE(outcome->goals[0].found());
  EXPECT_GT(outcome->goals[0].upperLoad, 0);
  EXPECT_FALSE(outcome->goals[0].testerLimited);
}

INSTANTIATE_TEST_SUITE_P(Methods, SearchFindsRate, ::testing::Values(SearchMethod::kBinary, SearchMethod::kMultiGoal),
                         [](const auto& info) { return info.param == SearchMethod::kBinary ? "Binary" : "MultiGoal"; });

TEST(MultiGoalSearch, FindsNdrAndPdrWithLessTrialTimeThanTwoBinarySearches) {
  SimulatedDevice device({.rateBps = 300e6});
  for (const FrameSize& size : allSizes()) {
    std::vector<TrialResult> binaryLog, multiLog;
    auto binary = searchOnce(device, searchConfig(SearchMethod::kBinary), size, binaryLog);
    auto multi = searchOnce(device, searchConfig(SearchMethod::kMultiGoal), size, multiLog);
    ASSERT_TRUE(binary.ok() && multi.ok());
    SCOPED_TRACE(size.label() + ": binary " + std::to_string(binary->trials) + " trials / " +
                 std::to_string(binary->trialSeconds) + " s, multi-goal " + std::to_string(multi->trials) + " trials / " +
                 std::to_string(multi->trialSeconds) + " s");
    ::testing::Test::RecordProperty("trials_" + size.label(), std::to_string(binary->trials) + " binary (" +
                                    std::to_string(binary->trialSeconds) + " s), " + std::to_string(multi->trials) +
                                    " multi-goal (" + std::to_string(multi->trialSeconds) + " s)");
    EXPECT_LT(multi->fullLengthTrials, binary->fullLengthTrials);
    EXPECT_LT(multi->trialSeconds, binary->trialSeconds * 0.6);
    // Both answers bracket the same thresholds.
    for (size_t g = 0; g < 2; ++g) {
      EXPECT_LT(multi->goals[g].lowerLoad, binary->goals[g].upperLoad);
      EXPECT_LT(binary->goals[g].lowerLoad, multi->goals[g].upperLoad);
    }
  }
}

TEST(MultiGoalSearch, ConfirmsEveryLowerBoundWithAFullLengthTrial) {
  SimulatedDevice device({.rateBps = 300e6});
  std::vector<TrialResult> log;
  auto outcome = searchOnce(device, searchConfig(SearchMethod::kMultiGoal), FrameSize::fixed(256), log);
  ASSERT_TRUE(outcome.ok());
  for (const GoalResult& g : outcome->goals) {
    bool confirmed = false;
    for (const TrialResult& r : log)
      confirmed |= r.request.load == g.lowerLoad && r.request.durationSeconds == 30 && r.lossRatio() <= g.goal.lossRatio;
    EXPECT_TRUE(confirmed) << g.goal.name;
  }
  EXPECT_LT(log.front().request.durationSeconds, 30);  // short trials first
}

TEST(MultiGoalSearch, TargetChainShortensTrialsAndWidensPrecisionGeometrically) {
  SearchSettings s;
  s.trialSeconds = 30;
  s.initialTrialSeconds = 1;
  s.precedingTargets = 2;
  const std::vector<Target> chain = targetChain({"NDR", 0, 0}, s);
  ASSERT_EQ(chain.size(), 3u);
  EXPECT_DOUBLE_EQ(chain[0].trialSeconds, 1);
  EXPECT_NEAR(chain[1].trialSeconds, std::sqrt(30.0), 1e-9);
  EXPECT_DOUBLE_EQ(chain[2].trialSeconds, 30);
  EXPECT_DOUBLE_EQ(chain[0].widthScale, 4);
  EXPECT_DOUBLE_EQ(chain[2].widthScale, 1);
}

}  // namespace
}  // namespace staccato::bench::testing
