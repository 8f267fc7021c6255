// The Y.1564 runner against a modelled device: a policer (its rate per service, a fixed delay) and,
// in the performance test, a stretch of seconds that lose everything. Steps pass and fail as the
// Recommendation says, the policed rate is reported, and availability counts the lost stretch.
#include <gtest/gtest.h>

#include "tests/benchmark/y1564_model.h"

namespace staccato::bench {
namespace {

using testing::PolicerModel;

Y1564Config oneService() {
  Y1564Config c;
  Y1564Service s;
  s.name = "data";
  s.cirMbps = 40;
  s.eirMbps = 20;
  s.sac = {10, 2, 0.0001, 0.9999};
  c.services = {s};
  c.performanceSeconds = 60;
  return c;
}

TEST(Y1564Runner, APolicerAtCirPlusEirPassesEveryStepAndTheReportGivesThePolicedRate) {
  PolicerModel device([](const Y1564Service& s) { return s.cirMbps + s.eirMbps; });
  std::vector<std::string> seen;
  auto r = runY1564(oneService(), 1e9, device, {[&](const Y1564StepResult& s) { seen.push_back(s.step.label); }, {}});
  ASSERT_TRUE(r.error.empty()) << r.error;
  ASSERT_EQ(r.configuration.size(), 6u);  // four CIR steps, CIR + EIR, policing
  EXPECT_EQ(seen.size(), 6u) << "progress after every step";
  for (const Y1564StepResult& s : r.configuration) EXPECT_TRUE(s.verdict.pass) << s.step.label << ": " << s.verdict.failures[0];
  const Y1564StepResult& policing = r.configuration.back();
  EXPECT_EQ(policing.step.kind, Y1564StepKind::kPolicing);
  EXPECT_DOUBLE_EQ(policing.step.rateMbps, 65);
  EXPECT_NEAR(policing.verdict.irMbps, 60, 60 * 0.02) << "the policed rate, within 2 %";
  ASSERT_EQ(r.performance.size(), 1u);
  EXPECT_DOUBLE_EQ(r.performance[0].availability.ratio(), 1);
  EXPECT_TRUE(r.pass());
}

TEST(Y1564Runner, APolicer10PercentBelowCirFailsTheCirStepNamingFlrAndIr) {
  PolicerModel device([](const Y1564Service& s) { return 0.9 * s.cirMbps; });
  auto r = runY1564(oneService(), 1e9, device, {}, Y1564Tests::kConfiguration);
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_TRUE(r.configuration[2].verdict.pass) << "75 % of CIR gets through";
  const Y1564Verdict& atCir = r.configuration[3].verdict;
  EXPECT_FALSE(atCir.pass);
  ASSERT_EQ(atCir.failures.size(), 2u);
  EXPECT_EQ(atCir.failures[0].rfind("FLR 10", 0), 0u) << atCir.failures[0];
  EXPECT_EQ(atCir.failures[1].rfind("IR 36.00 Mbit/s below the 40.00 Mbit/s sent", 0), 0u) << atCir.failures[1];
  EXPECT_FALSE(r.servicePasses(0));
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(r.performance.empty());
}

TEST(Y1564Runner, ALossStretchOfTenSecondsIsUnavailableTimeInEveryService) {
  Y1564Config c = oneService();
  for (const char* name : {"voice", "video", "web"}) {
    Y1564Service s = c.services[0];
    s.name = name;
    c.services.push_back(s);
  }
  c.performanceSeconds = 300;
  PolicerModel device([](const Y1564Service& s) { return s.cirMbps + s.eirMbps; });
  auto clean = runY1564(c, 1e9, device);
  ASSERT_TRUE(clean.error.empty()) << clean.error;
  for (const Y1564ServicePerformance& p : clean.performance) {
    EXPECT_EQ(p.availability.unavailable, 0u);
    EXPECT_EQ(p.measured.sent, p.measured.received);
    EXPECT_TRUE(p.verdict.pass);
  }
  device.lossFrom = 100;
  device.lossTo = 110;
  auto lossy = runY1564(c, 1e9, device);
  ASSERT_TRUE(lossy.error.empty()) << lossy.error;
  ASSERT_EQ(lossy.performance.size(), 4u);
  for (const Y1564ServicePerformance& p : lossy.performance) {
    EXPECT_EQ(p.availability.unavailable, 10u);
    EXPECT_FALSE(p.verdict.pass);
    EXPECT_EQ(p.verdict.failures.back(), "AVAIL 96.6667 % below the required 99.9900 % (10 unavailable seconds)");
  }
  EXPECT_FALSE(lossy.pass());
  const size_t stepsBefore = device.steps.size();
  const Y1564Result alone = runY1564(c, 1e9, device, {}, Y1564Tests::kPerformance);
  EXPECT_TRUE(alone.configuration.empty());
  EXPECT_EQ(device.steps.size(), stepsBefore) << "no configuration step was sent";
  EXPECT_EQ(alone.performance.size(), 4u);
}

TEST(Y1564Runner, AnExecutorErrorNamesTheServiceAndStepAndAStopEndsTheRun) {
  PolicerModel device([](const Y1564Service& s) { return s.cirMbps; });
  device.failAt = 4;
  auto r = runY1564(oneService(), 1e9, device);
  EXPECT_EQ(r.error, "data (CIR + EIR): port: the drone went away");
  EXPECT_EQ(r.configuration.size(), 4u) << "the steps measured before it are kept for the reports";
  EXPECT_FALSE(r.pass());
  PolicerModel again([](const Y1564Service& s) { return s.cirMbps; });
  int asked = 0;
  auto stopped = runY1564(oneService(), 1e9, again, {{}, [&] { return ++asked > 2; }});
  EXPECT_EQ(stopped.error, "stopped");
  EXPECT_EQ(again.steps.size(), 2u);
  Y1564Config bad = oneService();
  bad.services[0].cirMbps = -1;
  const Y1564Result refused = runY1564(bad, 1e9, again);
  EXPECT_EQ(refused.error.rfind("services[0].cir_mbps", 0), 0u) << refused.error;
  EXPECT_EQ(again.steps.size(), 2u) << "checked before a step is sent";
}

TEST(Y1564Runner, AStepTheTesterDidNotOfferOrCountIsIncompleteNeverTheDevicesFailure) {
  PolicerModel device([](const Y1564Service& s) { return s.cirMbps + s.eirMbps; });
  device.offered = 0.9;
  auto r = runY1564(oneService(), 1e9, device, {}, Y1564Tests::kConfiguration);
  ASSERT_TRUE(r.error.empty()) << r.error;
  for (const Y1564StepResult& s : r.configuration) {
    EXPECT_TRUE(s.verdict.incomplete) << s.step.label;
    EXPECT_FALSE(s.verdict.pass);
    ASSERT_EQ(s.verdict.failures.size(), 1u);
    EXPECT_EQ(s.verdict.failures[0].rfind("not judged: the tester offered", 0), 0u) << s.verdict.failures[0];
  }
  device.offered = 0.99;
  device.testerNote = "the receiver missed frames";
  auto missed = runY1564(oneService(), 1e9, device, {}, Y1564Tests::kConfiguration);
  ASSERT_TRUE(missed.error.empty()) << missed.error;
  EXPECT_EQ(missed.configuration[0].verdict.failures, std::vector<std::string>{"not judged: the receiver missed frames"});
  device.testerNote.clear();
  auto within = runY1564(oneService(), 1e9, device, {}, Y1564Tests::kConfiguration);
  ASSERT_TRUE(within.error.empty()) << within.error;
  EXPECT_TRUE(within.pass()) << "1 % short is within the 2 % rate tolerance";
}

TEST(Y1564Runner, APerformanceTestStoppedEarlyReportsItsSecondsAsIncompleteAndShowsEachSecond) {
  PolicerModel device([](const Y1564Service& s) { return s.cirMbps; });
  device.stopAfter = 20;
  uint32_t seconds = 0;
  bool stop = false;
  Y1564Hooks hooks;
  hooks.stepDone = [&](const Y1564StepResult&) {};
  hooks.secondDone = [&](uint32_t, const std::vector<SecondCounts>&) {
    ++seconds;
    stop = true;
  };
  hooks.stopRequested = [&] { return stop; };
  // The configuration test is not asked to stop: the hook turns true only in the performance test.
  auto r = runY1564(oneService(), 1e9, device, hooks);
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(seconds, 60u);
  ASSERT_EQ(r.performance.size(), 1u);
  const Y1564Verdict& v = r.performance[0].verdict;
  EXPECT_TRUE(v.incomplete);
  EXPECT_FALSE(v.pass);
  EXPECT_EQ(v.failures.front(), "not judged: stopped after 20 of 60 s");
  EXPECT_EQ(r.performance[0].availability.seconds, 20u);
}

}  // namespace
}  // namespace staccato::bench
