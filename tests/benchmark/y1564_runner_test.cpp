// The Y.1564 runner against a modelled device: a policer (its rate per service, a fixed delay) and,
// in the performance test, a stretch of seconds that lose everything. Steps pass and fail as the
// Recommendation says, the policed rate is reported, and availability counts the lost stretch.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <optional>

#include "client/core/benchmark/y1564_runner.h"

namespace staccato::bench {
namespace {

class PolicerModel : public Y1564Executor {
 public:
  explicit PolicerModel(std::function<double(const Y1564Service&)> policeMbps) : policeMbps_(std::move(policeMbps)) {}

  Result<Y1564Measurement> runStep(const Y1564Config& c, const Y1564Step& step) override {
    if (failAt && steps.size() == *failAt) return makeError("port", "the drone went away");
    steps.push_back(step);
    const Y1564Service& s = c.services[step.service];
    const double bits = s.frameSize.averageBytes() * 8;
    const auto sent = uint64_t(step.rateMbps * 1e6 * step.seconds / bits);
    const auto passes = uint64_t(policeMbps_(s) * 1e6 * step.seconds / bits);
    return Y1564Measurement{sent, std::min(sent, passes), step.seconds, true, 2.0, 0.3};
  }

  Result<std::vector<Y1564ServiceRun>> runPerformance(const Y1564Config& c, double seconds) override {
    std::vector<Y1564ServiceRun> out;
    for (const Y1564Service& s : c.services) {
      const double bits = s.frameSize.averageBytes() * 8;
      const auto sent = uint64_t(s.cirMbps * 1e6 / bits);
      const auto passes = std::min(sent, uint64_t(policeMbps_(s) * 1e6 / bits));
      Y1564ServiceRun run;
      run.total = {0, 0, seconds, true, 2.0, 0.3};
      for (uint32_t t = 0; t < uint32_t(seconds); ++t) {
        const SecondCounts second{sent, t >= lossFrom && t < lossTo ? 0 : passes};
        run.perSecond.push_back(second);
        run.total.sent += second.sent;
        run.total.received += second.received;
      }
      out.push_back(std::move(run));
    }
    return out;
  }

  std::vector<Y1564Step> steps;
  uint32_t lossFrom = 0, lossTo = 0;  ///< performance seconds that lose every frame
  std::optional<size_t> failAt;       ///< the step whose sending fails

 private:
  std::function<double(const Y1564Service&)> policeMbps_;
};

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
  ASSERT_TRUE(r.ok()) << r.error().toString();
  ASSERT_EQ(r->configuration.size(), 6u);  // four CIR steps, CIR + EIR, policing
  EXPECT_EQ(seen.size(), 6u) << "progress after every step";
  for (const Y1564StepResult& s : r->configuration) EXPECT_TRUE(s.verdict.pass) << s.step.label << ": " << s.verdict.failures[0];
  const Y1564StepResult& policing = r->configuration.back();
  EXPECT_EQ(policing.step.kind, Y1564StepKind::kPolicing);
  EXPECT_DOUBLE_EQ(policing.step.rateMbps, 65);
  EXPECT_NEAR(policing.verdict.irMbps, 60, 60 * 0.02) << "the policed rate, within 2 %";
  ASSERT_EQ(r->performance.size(), 1u);
  EXPECT_DOUBLE_EQ(r->performance[0].availability.ratio(), 1);
  EXPECT_TRUE(r->pass());
}

TEST(Y1564Runner, APolicer10PercentBelowCirFailsTheCirStepNamingFlrAndIr) {
  PolicerModel device([](const Y1564Service& s) { return 0.9 * s.cirMbps; });
  auto r = runY1564(oneService(), 1e9, device, {}, false);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->configuration[2].verdict.pass) << "75 % of CIR gets through";
  const Y1564Verdict& atCir = r->configuration[3].verdict;
  EXPECT_FALSE(atCir.pass);
  ASSERT_EQ(atCir.failures.size(), 2u);
  EXPECT_EQ(atCir.failures[0].rfind("FLR 10", 0), 0u) << atCir.failures[0];
  EXPECT_EQ(atCir.failures[1].rfind("IR 36.00 Mbit/s below the 40.00 Mbit/s sent", 0), 0u) << atCir.failures[1];
  EXPECT_FALSE(r->servicePasses(0));
  EXPECT_FALSE(r->pass());
  EXPECT_TRUE(r->performance.empty());
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
  ASSERT_TRUE(clean.ok());
  for (const Y1564ServicePerformance& p : clean->performance) {
    EXPECT_EQ(p.availability.unavailable, 0u);
    EXPECT_EQ(p.measured.sent, p.measured.received);
    EXPECT_TRUE(p.verdict.pass);
  }
  device.lossFrom = 100;
  device.lossTo = 110;
  auto lossy = runY1564(c, 1e9, device);
  ASSERT_TRUE(lossy.ok());
  ASSERT_EQ(lossy->performance.size(), 4u);
  for (const Y1564ServicePerformance& p : lossy->performance) {
    EXPECT_EQ(p.availability.unavailable, 10u);
    EXPECT_FALSE(p.verdict.pass);
    EXPECT_EQ(p.verdict.failures.back(), "AVAIL 96.6667 % below the required 99.9900 % (10 unavailable seconds)");
  }
  EXPECT_FALSE(lossy->pass());
}

TEST(Y1564Runner, AnExecutorErrorNamesTheServiceAndStepAndAStopEndsTheRun) {
  PolicerModel device([](const Y1564Service& s) { return s.cirMbps; });
  device.failAt = 4;
  auto r = runY1564(oneService(), 1e9, device);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().toString(), "data (CIR + EIR): port: the drone went away");
  PolicerModel again([](const Y1564Service& s) { return s.cirMbps; });
  int asked = 0;
  auto stopped = runY1564(oneService(), 1e9, again, {{}, [&] { return ++asked > 2; }});
  ASSERT_FALSE(stopped.ok());
  EXPECT_EQ(stopped.error().message, "stopped");
  EXPECT_EQ(again.steps.size(), 2u);
  Y1564Config bad = oneService();
  bad.services[0].cirMbps = -1;
  EXPECT_FALSE(runY1564(bad, 1e9, again).ok()) << "checked before a step is sent";
}

}  // namespace
}  // namespace staccato::bench
