// ITU-T Y.1564's parts that need no drone: the config file (every value checked, errors named by
// their JSON path), the configuration test's steps, each step's verdict against the service
// acceptance criteria, and availability from per-second loss as Y.1563 defines it.
#include <gtest/gtest.h>

#include <vector>

#include "client/core/benchmark/availability.h"
#include "client/core/benchmark/y1564_json.h"
#include "client/core/benchmark/y1564_verdict.h"

namespace staccato::bench {
namespace {

constexpr const char* kTwoServices = R"({
  "format": "staccato-y1564-config",
  "services": [
    {"name": "voice", "frame_size": "128", "vlan": 100, "pcp": 5, "dscp": 46, "cir_mbps": 10,
     "cbs_bytes": 12000, "sac": {"ftd_ms": 10, "fdv_ms": 2, "flr": 0.0001, "avail": 0.9999}},
    {"name": "data", "frame_size": "imix", "cir_mbps": 40, "eir_mbps": 20, "cbs_bytes": 64000,
     "ebs_bytes": 32000, "colour": "aware", "yellow_mark": "dscp 10", "sac": {"flr": 0.001}}
  ],
  "step_seconds": 5
})";

Y1564Config twoServices() {
  auto c = parseY1564Config(kTwoServices);
  EXPECT_TRUE(c.ok()) << c.error().toString();
  return c.ok() ? *c : Y1564Config{};
}

std::string errorOf(const std::string& json) {
  auto c = parseY1564Config(json);
  return c.ok() ? "" : c.error().toString();
}

TEST(Y1564Config, ReadsWhatItWritesAndKeepsTheDefaults) {
  const Y1564Config c = twoServices();
  ASSERT_EQ(c.services.size(), 2u);
  EXPECT_EQ(c.services[0].vlan, 100u);
  EXPECT_EQ(c.services[1].colour, ColourMode::kAware);
  EXPECT_EQ(c.cirSteps, (std::vector<double>{0.25, 0.5, 0.75, 1.0}));
  EXPECT_EQ(c.stepSeconds, 5);
  auto again = parseY1564Config(y1564ConfigJson(c));
  ASSERT_TRUE(again.ok()) << again.error().toString();
  EXPECT_EQ(y1564ConfigJson(*again), y1564ConfigJson(c));
  EXPECT_NE(y1564ConfigSchema().find("\"yellow_mark\""), std::string::npos);
}

TEST(Y1564Config, EveryBadValueIsNamedWithWhatIsAllowed) {
  const std::string head = R"({"format": "staccato-y1564-config", "services": [{"name": "a", "cir_mbps": 10, )";
  EXPECT_NE(errorOf(head + R"("vlan": 4095}]})").find("services[0]: vlan: 4095 is not a VLAN id (1..4094"), std::string::npos)
      << errorOf(head + R"("vlan": 4095}]})");
  EXPECT_NE(errorOf(head + R"("pcp": 3}]})").find("pcp: needs a VLAN tag"), std::string::npos);
  EXPECT_NE(errorOf(head + R"("eir_mbps": -1}]})").find("eir_mbps: 0..1000000"), std::string::npos);
  EXPECT_NE(errorOf(head + R"("ebs_bytes": 100}]})").find("ebs_bytes: an excess burst needs an excess rate"), std::string::npos);
  EXPECT_NE(errorOf(head + R"("colour": "aware"}]})").find("yellow_mark: colour aware needs"), std::string::npos);
  EXPECT_NE(errorOf(head + R"("colour": "aware", "yellow_mark": "pcp 9"}]})").find("yellow_mark"), std::string::npos);
  EXPECT_NE(errorOf(head + R"("colour": "grey"}]})").find("services[0].colour: must be"), std::string::npos);
  EXPECT_NE(errorOf(head + R"("sac": {"flr": 2}}]})").find("services[0].sac: flr: a frame loss ratio, 0..1"), std::string::npos)
      << errorOf(head + R"("sac": {"flr": 2}}]})");
  EXPECT_NE(errorOf(head + R"("frame_size": "12"}]})").find("services[0].frame_size"), std::string::npos);
  EXPECT_NE(errorOf(R"({"format": "staccato-y1564-config", "services": []})").find("services: 1..16 services"), std::string::npos);
  EXPECT_NE(errorOf(R"({"format": "staccato-y1564-config", "services": [{"name": "a", "cir_mbps": 1}, {"name": "a", "cir_mbps": 1}]})")
                .find("services[1].name: \"a\" names two services"),
            std::string::npos);
  const std::string one = R"({"format": "staccato-y1564-config", "services": [{"name": "a", "cir_mbps": 10}], )";
  EXPECT_NE(errorOf(one + R"("cir_steps": [0.5, 0.25, 1]})").find("cir_steps[1]: fractions of CIR above 0, rising"),
            std::string::npos);
  EXPECT_NE(errorOf(one + R"("cir_steps": [0.5]})").find("cir_steps: the last step is CIR itself"), std::string::npos);
  EXPECT_NE(errorOf(one + R"("step_seconds": 0})").find("step_seconds: 1..3600 s"), std::string::npos);
  EXPECT_NE(errorOf(R"({"services": []})").find("format: not a Staccato Y.1564 config"), std::string::npos);
  EXPECT_EQ(errorOf(head + R"("vlan": 7, "colour": "aware", "yellow_mark": "dei"}]})"), "");
}

TEST(Y1564Plan, EachServiceGetsItsCirStepsExcessPolicingAndBursts) {
  const Y1564Config c = twoServices();
  const auto steps = configurationSteps(c, 1e9);
  // voice: 4 CIR steps, no EIR, policing at 1.25 x CIR, CBS. data: 4 CIR steps, CIR + EIR,
  // policing at CIR + 1.25 x EIR (EIR is half of CIR), CBS, EBS.
  ASSERT_EQ(steps.size(), 6u + 8u);
  EXPECT_EQ(steps[0].label, "25 % of CIR");
  EXPECT_DOUBLE_EQ(steps[0].rateMbps, 2.5);
  EXPECT_DOUBLE_EQ(steps[4].rateMbps, 12.5);
  EXPECT_EQ(steps[4].label, "policing: 1.25 x CIR + EIR");
  EXPECT_EQ(steps[5].burstBytes, 12000u);
  EXPECT_EQ(steps[10].kind, Y1564StepKind::kCirEir);
  EXPECT_DOUBLE_EQ(steps[10].rateMbps, 60);
  EXPECT_DOUBLE_EQ(steps[11].rateMbps, 65);
  EXPECT_EQ(steps[11].label, "policing: CIR + 1.25 x EIR");
  EXPECT_EQ(steps[13].burstBytes, 64000u + 32000u);
  for (const Y1564Step& s : steps) EXPECT_EQ(s.seconds, 5);
  // On a 50 Mbit/s port the data service's upper steps are sent at what the line carries, and say so.
  const auto slow = configurationSteps(c, 50e6);
  EXPECT_LT(slow[10].rateMbps, 50);
  EXPECT_NE(slow[10].note.find("sent at the line rate"), std::string::npos);
  EXPECT_EQ(slow[0].note, "");
}

TEST(Y1564Verdict, CommittedStepsMeetEveryCriterionExcessStepsOnlyCir) {
  const Y1564Config c = twoServices();
  const auto steps = configurationSteps(c, 1e9);
  const Y1564Step& cir = steps[3];  // voice at CIR, 10 Mbit/s of 128-byte frames
  const uint64_t frames = uint64_t(10e6 / (128 * 8) * 5);
  Y1564Verdict v = judgeStep(c, cir, {frames, frames, 5, true, 4.0, 1.0});
  EXPECT_TRUE(v.pass);
  EXPECT_NEAR(v.irMbps, 10, 0.01);
  v = judgeStep(c, cir, {frames, frames - 100, 5, true, 12.0, 3.0});
  EXPECT_FALSE(v.pass);
  ASSERT_EQ(v.failures.size(), 3u);
  EXPECT_EQ(v.failures[0].rfind("FLR 0.2", 0), 0u) << v.failures[0];
  EXPECT_EQ(v.failures[1], "FTD 12.000 ms above the allowed 10.000 ms");
  EXPECT_EQ(v.failures[2], "FDV 3.000 ms above the allowed 2.000 ms");
  // A device that polices 10 % below CIR fails the CIR step on FLR and IR.
  v = judgeStep(c, cir, {frames, frames * 9 / 10, 5, false, 0, 0});
  EXPECT_FALSE(v.pass);
  EXPECT_NE(v.failures.back().find("IR 9.00 Mbit/s below the 10.00 Mbit/s sent"), std::string::npos) << v.failures.back();

  const Y1564Step& excess = steps[10];  // data at CIR + EIR = 60: losing the excess passes
  const double avgBits = FrameSize::imix().averageBytes() * 8;
  const uint64_t sent = uint64_t(60e6 / avgBits * 5), cirFrames = uint64_t(40e6 / avgBits * 5);
  EXPECT_TRUE(judgeStep(c, excess, {sent, cirFrames + 10, 5, true, 50, 30}).pass) << "delay and loss of the excess";
  EXPECT_FALSE(judgeStep(c, excess, {sent, cirFrames * 9 / 10, 5, false, 0, 0}).pass) << "less than CIR through";

  const Y1564Step& policing = steps[11];  // 65 Mbit/s offered: at most CIR + EIR (60) may pass
  const uint64_t offered = uint64_t(65e6 / avgBits * 5);
  EXPECT_TRUE(judgeStep(c, policing, {offered, uint64_t(60e6 / avgBits * 5), 5, false, 0, 0}).pass);
  v = judgeStep(c, policing, {offered, offered, 5, false, 0, 0});
  EXPECT_FALSE(v.pass);
  EXPECT_NE(v.failures[0].find("the excess is not policed"), std::string::npos) << v.failures[0];
}

std::vector<SecondCounts> seconds(const std::string& pattern) {  // '.' a good second, 'x' one losing 60 %
  std::vector<SecondCounts> out;
  for (char ch : pattern) out.push_back(ch == 'x' ? SecondCounts{1000, 400} : SecondCounts{1000, 1000});
  return out;
}

TEST(Availability, TenSevereSecondsStartAPeriodAndTenGoodOnesEndIt) {
  EXPECT_EQ(availability(seconds(".........."), 0.5).unavailable, 0u);
  // Nine severe seconds in a row are not a period of unavailability.
  Availability a = availability(seconds("..xxxxxxxxx.."), 0.5);
  EXPECT_EQ(a.severelyErrored, 9u);
  EXPECT_EQ(a.unavailable, 0u);
  // Ten are, from the first of them; it ends with the first of ten good seconds.
  a = availability(seconds("..xxxxxxxxxx.........."), 0.5);
  EXPECT_EQ(a.unavailable, 10u);
  EXPECT_DOUBLE_EQ(a.ratio(), 12.0 / 22);
  // Good seconds fewer than ten inside a period stay unavailable.
  a = availability(seconds("xxxxxxxxxx...x.........."), 0.5);
  EXPECT_EQ(a.unavailable, 14u);
  // Still unavailable at the end: to the end.
  a = availability(seconds("xxxxxxxxxx..."), 0.5);
  EXPECT_EQ(a.unavailable, 13u);
  // The threshold: losing 60 % is not severe when the threshold is 0.7; a second sending nothing never is.
  EXPECT_EQ(availability(seconds("xxxxxxxxxx"), 0.7).severelyErrored, 0u);
  const std::vector<SecondCounts> idle(20);
  EXPECT_EQ(availability(idle, 0.5).unavailable, 0u);
  EXPECT_DOUBLE_EQ(availability({}, 0.5).ratio(), 1);
}

}  // namespace
}  // namespace staccato::bench
