// RFC 2889 5.6 and 5.9 logic (client/core/benchmark/rfc2889_forwarding.h, rfc2889_errored.h): the
// sweep's loads against a model device whose way out carries at most its line rate (or more: one
// that shortens the gap), the maximum forwarding rate and the forward pressure verdict; the
// errored frames verdict from its three pairs; both in the result file.
#include <gtest/gtest.h>

#include "client/core/benchmark/rfc2889_errored.h"
#include "client/core/benchmark/rfc2889_forwarding.h"
#include "client/core/benchmark/rfc2889_traffic_result.h"

namespace staccato::bench {
namespace {

constexpr double kLineFps = 14880.95;

/// One pair; the device forwards at most `ceiling` x the line rate; the tester sends what it is
/// asked up to `testerMost` x the line rate.
TrafficProbe modelDevice(double ceiling, std::vector<double>& loads, double testerMost = 2) {
  return [=, &loads](double load) -> Result<TrafficTrial> {
    loads.push_back(load);
    TrafficTrial t;
    t.load = load;
    t.seconds = 10;
    t.offeredFps = load * kLineFps;
    PairCount p{"va", "vb"};
    p.sentFps = std::min(load, testerMost) * kLineFps;
    p.receivedFps = std::min(p.sentFps, ceiling * kLineFps);
    p.sent = uint64_t(p.sentFps * t.seconds);
    p.received = uint64_t(p.receivedFps * t.seconds);
    t.pairs.push_back(p);
    return t;
  };
}

TEST(ForwardingSweep, StepsUpToTheLoadThenOnePastTheLineRate) {
  std::vector<double> loads;
  auto s = sweepForwarding({0.5, 0.25, 1.0}, overloadFor(64), modelDevice(1.0, loads));
  ASSERT_TRUE(s) << s.error().toString();
  ASSERT_EQ(loads.size(), 4u);
  EXPECT_DOUBLE_EQ(loads[0], 0.5);
  EXPECT_DOUBLE_EQ(loads[1], 0.75);
  EXPECT_DOUBLE_EQ(loads[2], 1.0);
  EXPECT_NEAR(loads[3], 84.0 / 83.0, 1e-12);  // an 88-bit gap: one byte less a frame
  EXPECT_TRUE(s->complete);
}

TEST(ForwardingVerdict, ADeviceThatKeepsTheGapForwardsTheLineRateAtMost) {
  std::vector<double> loads;
  auto s = sweepForwarding({0.5, 0.5, 1.0}, overloadFor(64), modelDevice(1.0, loads));
  ASSERT_TRUE(s);
  const ForwardingVerdict v = forwardingOf(*s, kLineFps);
  EXPECT_TRUE(v.pressureJudged);
  EXPECT_FALSE(v.forwardPressure);
  EXPECT_NEAR(v.maxForwardingFps, kLineFps, 1e-6);
  EXPECT_NE(v.text().find("forward pressure: no"), std::string::npos) << v.text();
}

TEST(ForwardingVerdict, ADeviceThatShortensTheGapAppliesForwardPressure) {
  std::vector<double> loads;
  auto s = sweepForwarding({0.5, 0.5, 1.0}, overloadFor(64), modelDevice(1.5, loads));
  ASSERT_TRUE(s);
  const ForwardingVerdict v = forwardingOf(*s, kLineFps);
  EXPECT_TRUE(v.forwardPressure);
  EXPECT_NEAR(v.maxForwardingFps, kLineFps * 84 / 83, 1e-6);
  EXPECT_GT(v.mfrLoad, 1);
}

TEST(ForwardingVerdict, ATesterThatCouldNotOverloadJudgesNoPressure) {
  std::vector<double> loads;
  auto s = sweepForwarding({1.0, 0.1, 1.0}, overloadFor(64), modelDevice(1.5, loads, 1.0));
  ASSERT_TRUE(s);
  const ForwardingVerdict v = forwardingOf(*s, kLineFps);
  EXPECT_FALSE(v.pressureJudged);
  EXPECT_FALSE(v.forwardPressure);
  EXPECT_NE(v.text().find("not judged"), std::string::npos) << v.text();
}

TEST(ForwardingSweep, ATrialNotJudgedStopsItIncomplete) {
  std::vector<double> loads;
  TrafficProbe inner = modelDevice(1.0, loads);
  TrafficProbe probe = [&](double load) -> Result<TrafficTrial> {
    auto t = inner(load);
    if (load > 1) t->testerNote = "va cannot offer more than its line rate";
    return t;
  };
  auto s = sweepForwarding({0.5, 0.5, 1.0}, overloadFor(64), probe);
  ASSERT_TRUE(s);
  EXPECT_FALSE(s->complete);
  EXPECT_NE(s->note.find("cannot offer"), std::string::npos);
  EXPECT_NEAR(forwardingOf(*s, kLineFps).maxForwardingFps, kLineFps, 1e-6);  // from what was judged
}

TEST(ForwardingSettings, OutOfRangeNamesTheSetting) {
  EXPECT_EQ(checkForwardingSettings({0.5, 0.001, 1}).error().path, "step");
  EXPECT_EQ(checkForwardingSettings({0.5, 0.1, 1.5}).error().path, "max_load");
  EXPECT_EQ(checkForwardingSettings({0.9, 0.1, 0.5}).error().path, "min_load");
  std::vector<double> loads;
  EXPECT_EQ(sweepForwarding({0.5, 0.5, 1}, 1.5, modelDevice(1, loads)).error().path, "overload");
  EXPECT_TRUE(loads.empty());
}

TrafficTrial erroredTrial(uint64_t validReceived, uint64_t runtsReceived, uint64_t giantsReceived) {
  TrafficTrial t;
  t.load = 0.5;
  t.seconds = 2;
  t.pairs = {{"va", "vb", 5000, validReceived}, {"va", "vb", 5300, runtsReceived}, {"va", "vb", 270, giantsReceived}};
  for (PairCount& p : t.pairs) p.asked = p.sent;
  return t;
}

TEST(ErroredVerdict, PassesOnlyWhenValidFramesPassAndErroredOnesDoNot) {
  const FrameSize valid = FrameSize::fixed(64);
  EXPECT_TRUE(erroredOf(erroredTrial(5000, 0, 0), valid, {}).passed());
  const ErroredVerdict runts = erroredOf(erroredTrial(5000, 5300, 0), valid, {});
  EXPECT_FALSE(runts.passed());
  EXPECT_FALSE(runts.undersizeFiltered);
  EXPECT_TRUE(runts.oversizeFiltered);
  EXPECT_NE(runts.text().find("undersized frames forwarded"), std::string::npos) << runts.text();
  const ErroredVerdict lossy = erroredOf(erroredTrial(4999, 0, 0), valid, {});
  EXPECT_FALSE(lossy.passed());
  EXPECT_NE(lossy.text().find("valid frames lost"), std::string::npos);
}

TEST(ErroredVerdict, BadFcsIsNotTestedNeverFiltered) {
  const ErroredVerdict v = erroredOf(erroredTrial(5000, 0, 0), FrameSize::fixed(64), {});
  ASSERT_EQ(v.kinds.size(), 4u);
  EXPECT_EQ(v.kinds[3].kind, "bad_fcs");
  EXPECT_FALSE(v.kinds[3].notTested.empty());
  EXPECT_NE(v.text().find("bad FCS: not tested"), std::string::npos) << v.text();
}

TEST(ErroredVerdict, GiantsTheTesterCouldNotSendJudgeNothingAndSayWhy) {
  TrafficTrial t = erroredTrial(5000, 0, 0);
  t.pairs[2].sent = 0;
  t.testerNote = "va sent 0 of 270 frames";
  const ErroredVerdict v = erroredOf(t, FrameSize::fixed(64), {});
  EXPECT_FALSE(v.judged);
  EXPECT_NE(v.why.find("mtu 9000"), std::string::npos) << v.why;
}

TEST(ErroredSizes, OutsideTheirKindNameTheSetting) {
  EXPECT_TRUE(checkErroredSizes({}));
  EXPECT_EQ(checkErroredSizes({64, 1519}).error().path, "undersize");
  EXPECT_EQ(checkErroredSizes({60, 1518}).error().path, "oversize");
  EXPECT_EQ(checkErroredSizes({20, 1519}).error().path, "undersize");
}

TEST(Rfc2889TrafficResult, ForwardPressureAndErroredFramesInTheFile) {
  Rfc2889TrafficResult r;
  r.pattern = TrafficPattern::kForwardPressure;
  r.lineRateBps = 10e6;
  r.forwarding = {0.5, 0.5, 1.0};
  std::vector<double> loads;
  r.search = *sweepForwarding(r.forwarding, overloadFor(64), modelDevice(1.5, loads));
  std::string json = rfc2889TrafficJson(r);
  EXPECT_NE(json.find("\"forward_pressure\": true"), std::string::npos) << json;
  EXPECT_NE(json.find("\"sweep_step\": 0.5"), std::string::npos);
  EXPECT_FALSE(r.searched());
  EXPECT_NE(r.answer().find("maximum forwarding rate"), std::string::npos) << r.answer();

  Rfc2889TrafficResult e;
  e.pattern = TrafficPattern::kErroredFrames;
  e.search.trials = {erroredTrial(5000, 0, 270)};
  e.search.complete = true;
  json = rfc2889TrafficJson(e);
  EXPECT_NE(json.find("\"oversize_filtered\": false"), std::string::npos) << json;
  EXPECT_NE(json.find("\"undersize_bytes\": 60"), std::string::npos);
  EXPECT_NE(e.answer().find("oversized frames forwarded"), std::string::npos) << e.answer();
}

}  // namespace
}  // namespace staccato::bench
