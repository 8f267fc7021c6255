// The tester-limited rule and receiver misses: a generator that cannot send what was asked, or a
// receiver that cannot count it, is never the device's loss or throughput.
#include <gtest/gtest.h>

#include "client/core/benchmark/tester_rule.h"
#include "tests/benchmark/benchmark_test_support.h"

namespace staccato::bench::testing {
namespace {

TrialResult judged(double intendedPps, uint64_t tx, double seconds, const CalibrationPoint* calibration = nullptr) {
  TrialResult r;
  r.request.pps = intendedPps;
  r.request.load = 0.5;
  r.txFrames = r.rxFrames = tx;
  r.durationSeconds = seconds;
  judgeTester(r, calibration, 0.01, 1);
  return r;
}

TEST(TesterRule, OfferedLoadShortOfIntendedByMoreThanTheTolerance) {
  EXPECT_FALSE(judged(1000, 995, 1).testerLimited);  // 0.5 % short: within 1 %
  const TrialResult r = judged(1000, 980, 1);
  EXPECT_TRUE(r.testerLimited);
  EXPECT_FALSE(r.counted);
  EXPECT_NE(r.testerLimitReason.find("short of intended"), std::string::npos) << r.testerLimitReason;
  EXPECT_DOUBLE_EQ(judged(1000, 2000, 2).offeredPps, 1000);
}

TEST(TesterRule, AShortfallWhileThePortPushedBackIsTheDevicesPaceCountedAtWhatItTook) {
  TrialResult r;
  r.request.pps = 1000;
  r.request.load = 0.5;
  r.txFrames = r.rxFrames = 1800;  // 2 s: 10 % short, 0.2 s of frames missing
  r.durationSeconds = 2;
  r.senderBlockedNs = 150'000'000;  // waited for room at least half as long as they take
  judgeTester(r, nullptr, 0.01, 1);
  EXPECT_TRUE(r.devicePushedBack);
  EXPECT_FALSE(r.testerLimited) << r.testerLimitReason;
  EXPECT_TRUE(r.counted);
  EXPECT_DOUBLE_EQ(r.countedLoad(), 0.45) << "the load it took, never the one asked for";
  EXPECT_NE(pushBackText(r).find("took 0.9 kpps of the intended 1.0 kpps"), std::string::npos) << pushBackText(r);

  r.senderBlockedNs = 90'000'000;  // less than half: the generator's own shortfall
  judgeTester(r, nullptr, 0.01, 1);
  EXPECT_FALSE(r.devicePushedBack);
  EXPECT_TRUE(r.testerLimited);
  EXPECT_DOUBLE_EQ(r.countedLoad(), 0.5);

  r.senderBlockedNs = 2'000'000'000;
  r.txFrames = r.rxFrames = 1995;  // within the tolerance: counted at what it asked
  r.testerLimited = false;         // (the executor's own finding: none)
  judgeTester(r, nullptr, 0.01, 1);
  EXPECT_FALSE(r.devicePushedBack);
  EXPECT_TRUE(r.counted);
  const CalibrationPoint point{FrameSize::fixed(64), 900, 1e9};
  r.txFrames = r.rxFrames = 1800;
  r.testerLimited = false;
  judgeTester(r, &point, 0.01, 1);
  EXPECT_TRUE(r.testerLimited) << "above the calibration stays the tester's, pushed back or not";
  EXPECT_FALSE(r.devicePushedBack);
}

TEST(TesterRule, RampSendsHalfItsTimeAtFullRate) {
  TrialResult r;
  r.request.pps = 1000;
  r.request.rampSeconds = 2;
  r.txFrames = r.rxFrames = 11000;  // a 2 s ramp (1000 frames, half of full rate) + 10 s at 1000 pps
  r.durationSeconds = 12;
  judgeTester(r, nullptr, 0.01, 1);
  EXPECT_DOUBLE_EQ(r.offeredPps, 1000);
  EXPECT_FALSE(r.testerLimited) << r.testerLimitReason;
}

TEST(TesterRule, IntendedAboveTheCalibration) {
  const CalibrationPoint point{FrameSize::fixed(64), 900, 1e9};
  const TrialResult r = judged(1000, 1000, 1, &point);
  EXPECT_TRUE(r.testerLimited);
  EXPECT_NE(r.testerLimitReason.find("calibration"), std::string::npos) << r.testerLimitReason;
  EXPECT_FALSE(judged(900, 900, 1, &point).testerLimited);
}

TEST(TesterRule, BurstShortOfItsFrames) {
  TrialResult r;
  r.request = {TrialKind::kBurst, FrameSize::fixed(64), 1, 1000, 2, 500, 0, false, false};
  r.txFrames = r.rxFrames = 499;
  r.durationSeconds = 0.499;
  judgeTester(r, nullptr, 0.01, 1);
  EXPECT_TRUE(r.testerLimited) << "a burst one frame short";
}

/// Both search methods at 64 B against `model`; `check` sees each outcome and its trials.
template <class Check>
void searchBothWays(const DeviceModel& model, Check check) {
  for (SearchMethod method : {SearchMethod::kBinary, SearchMethod::kMultiGoal}) {
    SimulatedDevice device(model);
    std::vector<TrialResult> log;
    auto outcome = searchOnce(device, searchConfig(method), FrameSize::fixed(64), log);
    ASSERT_TRUE(outcome.ok());
    check(*outcome, log);
  }
}

TEST(TesterLimits, CeilingBelowTheDeviceSaysTesterLimitedNeverDeviceLoss) {
  const double ceilingPps = 0.3 * maxFrameRate(1e9, 64);  // the device would forward 0.5
  searchBothWays({.rateBps = 0.5 * maxFrameRate(1e9, 64) * 64 * 8, .testerCeilingPps = ceilingPps},
                 [](const SearchOutcome& outcome, const std::vector<TrialResult>& log) {
                   for (const GoalResult& g : outcome.goals) {
                     EXPECT_TRUE(g.testerLimited) << g.goal.name;
                     EXPECT_NE(g.testerLimit.find("tester-limited at"), std::string::npos) << g.testerLimit;
                     EXPECT_EQ(g.upperLoad, 0) << "a tester-limited trial counted as the device's loss";
                     EXPECT_GT(g.lowerLoad, 0.3 * 0.97);
                     EXPECT_LE(g.lowerLoad, 0.3);
                   }
                   size_t limited = 0;
                   for (const TrialResult& r : log) {
                     limited += r.testerLimited;
                     EXPECT_EQ(r.counted, !r.testerLimited);
                   }
                   EXPECT_GE(limited, 1u);
                 });
}

// A device slower than its shaper that holds the generator's frames (a router over veth) is
// found at what it took, as the device's limit, in a few trials.
TEST(TesterLimits, ADeviceThatPushesBackIsFoundAtWhatItTookNeverTesterLimited) {
  const double tookPps = 0.3 * maxFrameRate(1e9, 64);  // its shaper would forward 0.5
  searchBothWays({.rateBps = 0.5 * maxFrameRate(1e9, 64) * 64 * 8, .pushBackAbovePps = tookPps},
                 [](const SearchOutcome& outcome, const std::vector<TrialResult>& log) {
                   for (const GoalResult& g : outcome.goals) {
                     EXPECT_FALSE(g.testerLimited) << g.testerLimit;
                     EXPECT_NE(g.deviceLimit.find("the device pushed back"), std::string::npos) << g.deviceLimit;
                     EXPECT_EQ(g.upperLoad, 0) << "nothing was lost";
                     EXPECT_GT(g.lowerLoad, 0.3 * 0.98);
                     EXPECT_LE(g.lowerLoad, 0.3 * 1.01) << "never more than the device took (and the tester tolerance)";
                   }
                   size_t pushed = 0;
                   for (const TrialResult& r : log) {
                     pushed += r.devicePushedBack;
                     EXPECT_TRUE(r.counted);
                   }
                   EXPECT_GE(pushed, 1u);
                   EXPECT_LE(log.size(), 25u) << "the ceiling halves towards what the device took";
                 });
}

TEST(TesterLimits, CalibrationCapsTheSearchBeforeAnyTrial) {
  const FrameSize size = FrameSize::fixed(128);
  const double ceilingPps = 0.4 * maxFrameRate(1e9, 128);
  const Calibration calibration{"loop", 0, {{size, ceilingPps, 1e9}}};
  SimulatedDevice device({.rateBps = 0, .testerCeilingPps = ceilingPps});
  std::vector<TrialResult> log;
  auto outcome = searchOnce(device, searchConfig(SearchMethod::kMultiGoal), size, log, calibration);
  ASSERT_TRUE(outcome.ok());
  for (const TrialResult& r : log) EXPECT_LE(r.request.pps, ceilingPps * (1 + 1e-9));
  for (const GoalResult& g : outcome->goals) {
    EXPECT_TRUE(g.testerLimited);
    EXPECT_NEAR(g.lowerLoad, 0.4, 1e-9);
  }
}

TEST(TesterLimits, ReceiverMissesAreRepeatedNeverCountedAsLoss) {
  const FrameSize size = FrameSize::fixed(256);
  SimulatedDevice clean({.rateBps = 300e6});
  SimulatedDevice missing({.rateBps = 300e6, .receiverMissEvery = 3});
  std::vector<TrialResult> cleanLog, missingLog;
  auto expected = searchOnce(clean, searchConfig(SearchMethod::kMultiGoal), size, cleanLog);
  auto outcome = searchOnce(missing, searchConfig(SearchMethod::kMultiGoal), size, missingLog);
  ASSERT_TRUE(expected.ok() && outcome.ok());
  EXPECT_EQ(outcome->goals, expected->goals);
  size_t missed = 0;
  for (size_t i = 0; i < missingLog.size(); ++i) {
    if (!missingLog[i].receiverMissed) continue;
    ++missed;
    EXPECT_FALSE(missingLog[i].counted);
    ASSERT_LT(i + 1, missingLog.size());
    EXPECT_EQ(missingLog[i + 1].request, missingLog[i].request) << "the trial after a miss repeats it";
  }
  EXPECT_GE(missed, 3u);
  EXPECT_EQ(missingLog.size(), cleanLog.size() + missed);
}

TEST(TesterLimits, ALossAfterTheSenderStalledIsRepeatedNeverTheDevicesLoss) {
  // Every third trial the generator stalls 50 ms and catches up in a burst that overflows the
  // device's queue: it loses frames far below its rate. Those trials are repeated; the search finds
  // what it finds without stalls, and no stalled trial counts.
  const FrameSize size = FrameSize::fixed(256);
  SimulatedDevice clean({.rateBps = 300e6, .queueFrames = 100});
  SimulatedDevice stalling({.rateBps = 300e6, .queueFrames = 100, .senderStallEvery = 3, .senderStallNs = 50'000'000});
  std::vector<TrialResult> cleanLog, stallLog;
  auto expected = searchOnce(clean, searchConfig(SearchMethod::kMultiGoal), size, cleanLog);
  auto outcome = searchOnce(stalling, searchConfig(SearchMethod::kMultiGoal), size, stallLog);
  ASSERT_TRUE(expected.ok() && outcome.ok());
  EXPECT_EQ(outcome->goals, expected->goals);
  size_t stalled = 0;
  for (size_t i = 0; i < stallLog.size(); ++i) {
    if (!stallLog[i].senderStalled) continue;
    ++stalled;
    EXPECT_FALSE(stallLog[i].counted);
    EXPECT_GT(stallLog[i].lostFrames(), 0u);
    ASSERT_LT(i + 1, stallLog.size());
    EXPECT_EQ(stallLog[i + 1].request, stallLog[i].request) << "the trial after a stall repeats it";
  }
  EXPECT_GE(stalled, 3u);
  // A stall without a loss (the device absorbed the burst) is not held against anyone.
  SimulatedDevice absorbing({.rateBps = 300e6, .queueFrames = 1'000'000, .senderStallEvery = 1, .senderStallNs = 50'000'000});
  std::vector<TrialResult> absorbLog;
  ASSERT_TRUE(searchOnce(absorbing, searchConfig(SearchMethod::kMultiGoal), size, absorbLog).ok());
  for (const TrialResult& r : absorbLog) EXPECT_FALSE(r.senderStalled && r.lostFrames() == 0);
}

TEST(TesterLimits, ASenderThatCatchesUpNoMoreThanItsPacingAllowsFindsTheDeviceThroughItsStalls) {
  // The generator falls 3 ms behind in every trial: caught up in full, that burst overflows the
  // device's 100-frame queue every time and no load counts. Bounded (as drones are asked), the
  // burst fits the queue, the rest of the gap is let go (0.3 % of a trial) and the search finds
  // what it finds without stalls.
  const FrameSize size = FrameSize::fixed(256);
  const DeviceModel stalls{.rateBps = 300e6, .queueFrames = 100, .senderStallEvery = 1, .senderStallNs = 3'000'000};
  DeviceModel bounded = stalls;
  bounded.boundedCatchUp = true;
  SimulatedDevice clean({.rateBps = 300e6, .queueFrames = 100}), bursting(stalls), letting(bounded);
  std::vector<TrialResult> cleanLog, burstLog, letLog;
  auto expected = searchOnce(clean, searchConfig(SearchMethod::kMultiGoal), size, cleanLog);
  auto burstOutcome = searchOnce(bursting, searchConfig(SearchMethod::kMultiGoal), size, burstLog);
  auto outcome = searchOnce(letting, searchConfig(SearchMethod::kMultiGoal), size, letLog);
  ASSERT_TRUE(expected.ok() && burstOutcome.ok() && outcome.ok());
  EXPECT_TRUE(burstOutcome->goals[0].testerLimited) << "every catch-up burst overflows the queue";
  ASSERT_EQ(outcome->goals.size(), expected->goals.size());
  for (size_t g = 0; g < outcome->goals.size(); ++g) {
    EXPECT_FALSE(outcome->goals[g].testerLimited) << outcome->goals[g].testerLimit;
    EXPECT_NEAR(outcome->goals[g].lowerLoad, expected->goals[g].lowerLoad, 0.005);
  }
  for (const TrialResult& r : letLog) {
    EXPECT_GT(r.senderSkippedNs, 0u);
    EXPECT_FALSE(r.senderStalled) << "a short gap let go is not a stall";
  }
  // A generator that cannot reach the load lets go on every attempt: the tester's limit, saying so.
  DeviceModel slow{.rateBps = 0, .testerCeilingPps = 100'000};
  slow.boundedCatchUp = true;
  SimulatedDevice ceiling(slow);
  std::vector<TrialResult> ceilingLog;
  auto limited = searchOnce(ceiling, searchConfig(SearchMethod::kMultiGoal), size, ceilingLog);
  ASSERT_TRUE(limited.ok());
  EXPECT_TRUE(limited->goals[0].testerLimited);
  EXPECT_NE(limited->goals[0].testerLimit.find("it cannot offer the load"), std::string::npos) << limited->goals[0].testerLimit;
  EXPECT_NEAR(limited->goals[0].lowerLoad * 1e9 / (8 * (256 + 20)), 100'000, 2'000) << "found at the generator's ceiling";
}

TEST(TesterRule, AGapLetGoThatLeavesTheLoadShortIsRepeatedNotTheTestersLimitYet) {
  TrialResult r;
  r.request.kind = TrialKind::kContinuous;
  r.request.pps = 100'000;
  r.request.durationSeconds = r.durationSeconds = 1;
  r.txFrames = 85'000;  // 150 ms of the schedule let go (a drone stopped for a while)
  r.rxFrames = 85'000;
  r.senderLateNs = 640'000;
  r.senderSkippedNs = 150'000'000;
  judgeTester(r, nullptr, 0.01, 1);
  EXPECT_FALSE(r.testerLimited) << r.testerLimitReason;
  EXPECT_TRUE(r.senderStalled);
  EXPECT_FALSE(r.counted);
  EXPECT_EQ(stallText(r), "the generator fell behind its schedule and let 150.00 ms of it go: it offered 85.0 kpps of the "
                          "intended 100.0 kpps");
  EXPECT_EQ(stallConsequence(r), "it cannot offer the load");
  r.txFrames = r.rxFrames = 99'800;  // 2 ms let go: within the tolerance, the trial counts
  r.senderSkippedNs = 2'000'000;
  judgeTester(r, nullptr, 0.01, 1);
  EXPECT_FALSE(r.senderStalled);
  EXPECT_TRUE(r.counted);
  r.rxFrames = 99'000;  // and its loss, after a burst within the pacing, is the device's
  judgeTester(r, nullptr, 0.01, 1);
  EXPECT_TRUE(r.counted);
}

TEST(TesterLimits, ASenderThatAlwaysStallsIsTheTestersLimitSayingWhy) {
  const FrameSize size = FrameSize::fixed(256);
  SimulatedDevice device({.rateBps = 300e6, .queueFrames = 100, .senderStallEvery = 1, .senderStallNs = 50'000'000});
  BenchmarkConfig c = searchConfig(SearchMethod::kBinary, {{"NDR", 0, 0}});
  c.trial.receiverRetries = 2;
  std::vector<TrialResult> log;
  auto outcome = searchOnce(device, c, size, log);
  ASSERT_TRUE(outcome.ok());
  ASSERT_GE(log.size(), 3u);
  EXPECT_TRUE(log[0].senderStalled && log[1].senderStalled && log[2].testerLimited);
  EXPECT_NE(log[2].testerLimitReason.find("the generator fell 50.00 ms behind its schedule"), std::string::npos)
      << log[2].testerLimitReason;
  EXPECT_NE(log[2].testerLimitReason.find("in 3 attempts: the loss may be that burst's"), std::string::npos);
  EXPECT_TRUE(outcome->goals[0].testerLimited) << "a stalling generator found the device's limit";
  // Each load that did not count lowers the next twice as far as the last: the search gets
  // below the loads a stall's burst overflows in a few steps, not one precision step at a time.
  std::vector<double> uncounted;
  for (const TrialResult& r : log)
    if (r.testerLimited) uncounted.push_back(r.request.load);
  ASSERT_GE(uncounted.size(), 3u);
  for (size_t k = 2; k < uncounted.size(); ++k)
    EXPECT_LT(uncounted[k - 1] - uncounted[k], 0.5 * uncounted[k - 1] + 1e-9);
  EXPECT_GT(uncounted[0] - uncounted[2], 0.02 * uncounted[0]) << "the third step is no longer one of 1 %";
  EXPECT_LT(log.size(), 60u) << "trials until the search ended";
}

TEST(TesterRule, APacingSlipCountsBeyondTheBatchesHalfAMillisecondAtLeastAndTwoAtMost) {
  EXPECT_EQ(senderPacingLimitNs(1e6), 500'000u);          // 64 frames at 1 Mpps: 64 us < 0.5 ms
  EXPECT_EQ(senderPacingLimitNs(50'000), 1'280'000u);     // 64 frames at 50 kpps: 1.28 ms
  EXPECT_EQ(senderPacingLimitNs(10'000), 2'000'000u);     // 64 frames at 10 kpps would be 6.4 ms: 2 ms at most
  TrialResult r;
  r.request.kind = TrialKind::kContinuous;
  r.request.pps = 100'000;
  r.request.durationSeconds = 1;
  r.durationSeconds = 1;
  r.txFrames = 100'000;
  r.rxFrames = 99'000;
  r.senderLateNs = 600'000;  // within 64 frames (640 us): the device's loss
  judgeTester(r, nullptr, 0.01, 1);
  EXPECT_FALSE(r.senderStalled);
  EXPECT_TRUE(r.counted);
  r.senderLateNs = 700'000;  // 70 frames behind: the loss may be the burst's
  judgeTester(r, nullptr, 0.01, 1);
  EXPECT_TRUE(r.senderStalled);
  EXPECT_FALSE(r.counted);
  EXPECT_EQ(stallText(r), "the generator fell 0.70 ms behind its schedule and caught up in a burst of about 70 frames");
}

TEST(TesterLimits, ReceiverThatAlwaysMissesIsTheTestersLimit) {
  const FrameSize size = FrameSize::fixed(64);
  const double receiverPps = 0.2 * maxFrameRate(1e9, 64);
  SimulatedDevice device({.rateBps = 0, .receiverMissAbovePps = receiverPps});
  BenchmarkConfig c = searchConfig(SearchMethod::kBinary, {{"NDR", 0, 0}});
  c.trial.receiverRetries = 2;
  std::vector<TrialResult> log;
  auto outcome = searchOnce(device, c, size, log);
  ASSERT_TRUE(outcome.ok());
  const GoalResult& g = outcome->goals[0];
  EXPECT_TRUE(g.testerLimited);
  EXPECT_NE(g.testerLimit.find("receiver missed"), std::string::npos) << g.testerLimit;
  EXPECT_LE(g.lowerLoad, 0.2);
  EXPECT_GT(g.lowerLoad, 0.15);
  ASSERT_GE(log.size(), 3u);
  EXPECT_TRUE(log[0].receiverMissed && log[1].receiverMissed && log[2].receiverMissed);
  EXPECT_EQ(log[0].request, log[2].request) << "three attempts of the first trial";
}

}  // namespace
}  // namespace staccato::bench::testing
