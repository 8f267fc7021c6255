// What staccato-cli benchmark prints for people (client/cli/benchmark_text.h).
#include <gtest/gtest.h>

#include "client/cli/benchmark_text.h"

namespace staccato::cli {
namespace {

TEST(BenchmarkText, ProgressNamesTheTrial) {
  bench::ProgressEvent e;
  e.test = "throughput";
  e.phase = "NDR, step 2/3";
  e.frameSize = "512";
  e.sizeIndex = 1;
  e.sizeCount = 5;
  e.trial = 11;
  e.load = 0.2627;
  e.pps = 12350;
  e.durationSeconds = 1.5;
  EXPECT_EQ(progressText(e), "[2/5] 512 B  throughput NDR, step 2/3  trial 11: 26.27 % of line rate (12.35 kpps per flow) for 1.5 s");
  e.burstFrames = 84;
  e.attempt = 2;
  e.repeatedBecause = "the receiver missed frames";
  EXPECT_EQ(progressText(e), "[2/5] 512 B  throughput NDR, step 2/3  trial 11: burst of 84 frames at 26.27 % of line rate "
                             "(attempt 2: the receiver missed frames)");
  e.repeatedBecause = "the generator fell 12.10 ms behind its schedule and caught up in a burst of about 616 frames";
  EXPECT_EQ(progressText(e), "[2/5] 512 B  throughput NDR, step 2/3  trial 11: burst of 84 frames at 26.27 % of line rate "
                             "(attempt 2: the generator fell 12.10 ms behind its schedule and caught up in a burst of "
                             "about 616 frames)");
}

TEST(BenchmarkText, SummarySaysWhyAResultIsMissing) {
  bench::BenchmarkResult r;
  r.config.lineRateBps = 100e6;
  bench::SizeResult s;
  s.frameSize = bench::FrameSize::fixed(1518);
  bench::GoalResult ndr;
  ndr.goal = {"NDR", 0, 0};
  ndr.lowerLoad = 0.5;
  s.throughput = bench::SearchOutcome{{ndr}, 10, 2, 8};
  bench::LatencyPoint p;
  p.load = 0.5;
  p.testerLimited = true;
  p.failure = "tester-limited: offered 4.0 kpps, 1.4 % short of intended 4.1 kpps";
  s.latency = bench::LatencyResult{0.5, "NDR throughput", {p}};
  r.sizes.push_back(s);
  const std::string text = summaryText(r);
  EXPECT_NE(text.find("1518 B  throughput NDR: 50.00 % of line rate = 4.06 kpps, 50.00 Mbit/s L1 per flow\n"), std::string::npos) << text;
  EXPECT_NE(text.find("1518 B  latency at 50.00 %: tester-limited: offered 4.0 kpps"), std::string::npos) << text;
  EXPECT_EQ(text.find("reflector"), std::string::npos) << text;
  r.config.portPairs = {{"va", "va", "r0@far"}};
  EXPECT_EQ(summaryText(r).rfind("through the reflector r0@far: loss is of both directions, latency the round trip\n", 0), 0u)
      << summaryText(r);
}

TEST(BenchmarkText, CalibrationTable) {
  bench::Calibration c;
  c.setup = "va -> vb";
  c.points.push_back({bench::FrameSize::fixed(64), 282600, 10e9});
  EXPECT_EQ(calibrationTable(c), "frame size           kpps    Mbit/s (L1)  % line rate\n"
                                 "64                  282.6          189.9        1.90%\n"
                                 "measured on va -> vb\n");
}

}  // namespace
}  // namespace staccato::cli
