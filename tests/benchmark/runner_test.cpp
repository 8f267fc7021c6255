// The whole benchmark run: sizes in order, progress before every trial, a stop keeps what was
// measured, an executor error ends it with the sizes so far.
#include <gtest/gtest.h>

#include "tests/benchmark/benchmark_test_support.h"

namespace staccato::bench::testing {
namespace {

TEST(Runner, ProgressNamesEveryTrial) {
  SimulatedDevice device({.rateBps = 300e6});
  BenchmarkConfig c = searchConfig(SearchMethod::kMultiGoal);
  c.frameSizes = {FrameSize::fixed(64), FrameSize::imix()};
  std::vector<ProgressEvent> events;
  std::vector<TrialResult> done;
  std::vector<SizeResult> sizes;
  std::vector<size_t> trialsAtSizeEnd;
  const BenchmarkResult r = runBenchmark(c, {}, device,
                                         {[&](const ProgressEvent& e) { events.push_back(e); }, {},
                                          [&](const TrialResult& t) { done.push_back(t); },
                                          [&](const SizeResult& s) {
                                            sizes.push_back(s);
                                            trialsAtSizeEnd.push_back(done.size());
                                          }});
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_FALSE(r.stopped);
  ASSERT_EQ(events.size(), r.trials.size());
  EXPECT_EQ(done, r.trials);
  EXPECT_EQ(device.prepared(), 2u);
  for (size_t i = 0; i < events.size(); ++i) {
    EXPECT_EQ(events[i].trial, r.trials[i].number);
    EXPECT_EQ(events[i].test, "throughput");
    EXPECT_EQ(events[i].load, r.trials[i].request.load);
    EXPECT_EQ(events[i].sizeCount, 2u);
    EXPECT_EQ(events[i].frameSize, r.trials[i].request.frameSize.label());
  }
  EXPECT_EQ(events.back().frameSize, "imix");
  ASSERT_EQ(r.sizes.size(), 2u);
  EXPECT_GT(r.endedNs, r.startedNs);
  // Each size is told once its tests ended: after its last trial, before the next size's first.
  EXPECT_EQ(sizes, r.sizes);
  ASSERT_EQ(trialsAtSizeEnd.size(), 2u);
  EXPECT_EQ(r.trials[trialsAtSizeEnd[0] - 1].request.frameSize, FrameSize::fixed(64));
  EXPECT_EQ(r.trials[trialsAtSizeEnd[0]].request.frameSize, FrameSize::imix());
  EXPECT_EQ(trialsAtSizeEnd[1], r.trials.size());
}

TEST(Runner, StopKeepsWhatWasMeasured) {
  SimulatedDevice device({.rateBps = 300e6});
  BenchmarkConfig c = searchConfig(SearchMethod::kBinary);
  size_t calls = 0;
  const BenchmarkResult r = runBenchmark(c, {}, device, {{}, [&] { return ++calls > 5; }});
  EXPECT_TRUE(r.stopped);
  EXPECT_TRUE(r.error.empty());
  EXPECT_EQ(r.trials.size(), 5u);
  ASSERT_EQ(r.sizes.size(), 1u);
}

class FailingExecutor : public SimulatedDevice {
 public:
  FailingExecutor() : SimulatedDevice({}) {}
  Result<TrialResult> run(const TrialRequest& q) override {
    if (++trials_ == 3) return makeError("", "drone 10.0.0.1 is unreachable", ErrorKind::kUnavailable);
    return SimulatedDevice::run(q);
  }
  int trials_ = 0;
};

TEST(Runner, ExecutorErrorEndsTheRunWithItsReason) {
  FailingExecutor device;
  const BenchmarkResult r = runBenchmark(searchConfig(SearchMethod::kBinary), {}, device);
  EXPECT_FALSE(r.stopped);
  EXPECT_NE(r.error.find("unreachable"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("frame size 64"), std::string::npos) << r.error;
  EXPECT_EQ(r.trials.size(), 2u);
}

/// Records what the runner says each trial is before running it.
class TrialNamingDevice : public SimulatedDevice {
 public:
  TrialNamingDevice() : SimulatedDevice({.rateBps = 300e6, .receiverMissEvery = 4}) {}
  void nextTrial(uint32_t number, std::string_view test) override { told_ = {number, std::string(test)}; }
  Result<TrialResult> run(const TrialRequest& q) override {
    ran.push_back(told_);
    return SimulatedDevice::run(q);
  }
  std::vector<std::pair<uint32_t, std::string>> ran;

 private:
  std::pair<uint32_t, std::string> told_{0, ""};
};

TEST(Runner, TheExecutorIsToldEachTrialsNumberAndTestBeforeItRuns) {
  TrialNamingDevice device;
  const BenchmarkResult r = runBenchmark(searchConfig(SearchMethod::kBinary), {}, device);
  ASSERT_TRUE(r.error.empty()) << r.error;
  ASSERT_EQ(device.ran.size(), r.trials.size());
  size_t repeats = 0;
  for (size_t i = 0; i < r.trials.size(); ++i) {
    EXPECT_EQ(device.ran[i].first, r.trials[i].number) << "the number the result gives it, a repeat's own";
    EXPECT_EQ(device.ran[i].second, r.trials[i].test);
    repeats += r.trials[i].receiverMissed;
  }
  EXPECT_GT(repeats, 0u);
}

TEST(Runner, RefusesABadConfigBeforeAnyTrial) {
  SimulatedDevice device({});
  BenchmarkConfig c = searchConfig(SearchMethod::kBinary);
  c.search.goals[0].lossRatio = 1.5;
  const BenchmarkResult r = runBenchmark(c, {}, device);
  EXPECT_NE(r.error.find("search.goals[0].loss_ratio"), std::string::npos) << r.error;
  EXPECT_TRUE(device.requests().empty());
}

TEST(Config, PresetsAreValidAndDiffer) {
  for (auto name : presetNames()) {
    auto c = presetConfig(name);
    ASSERT_TRUE(c.ok()) << name;
    EXPECT_TRUE(checkConfig(*c).ok()) << name << ": " << checkConfig(*c).error().toString();
    EXPECT_EQ(c->tests.size(), 4u);
  }
  EXPECT_EQ(presetConfig("rfc2544-strict")->search.trialSeconds, 60);
  EXPECT_EQ(presetConfig("rfc2544-strict")->search.method, SearchMethod::kBinary);
  EXPECT_EQ(presetConfig("rfc2544-strict")->search.goals[0].lossRatio, 0);
  EXPECT_EQ(presetConfig("quick")->search.goals.size(), 2u);
  EXPECT_FALSE(presetConfig("fast").ok());
}

TEST(Config, FrameSizesParseAndPrint) {
  for (const char* text : {"64", "1518", "9000", "imix", "imix:64x7,570x4,1518x1"}) {
    auto size = parseFrameSize(text);
    ASSERT_TRUE(size.ok()) << text;
    EXPECT_EQ(size->label(), text);
  }
  EXPECT_NEAR(FrameSize::imix().averageBytes(), (64.0 * 7 + 594 * 4 + 1518) / 12, 1e-9);
  for (const char* bad : {"63", "16385", "abc", "imix:", "imix:64", "imix:64x0", "64 "}) EXPECT_FALSE(parseFrameSize(bad).ok()) << bad;
}

}  // namespace
}  // namespace staccato::bench::testing
