// The streams a Y.1564 step sends, decoded by tshark: each service's class on the wire (VLAN id,
// PCP, DSCP), the yellow marking of a colour-aware service's excess (DEI, PCP or DSCP), the frame
// size asked (FCS included), and the rate: evenly at the information rate, or bursts of CBS/EBS
// at the line rate averaging it.
#include <gtest/gtest.h>

#include "client/core/benchmark_drone/y1564_streams.h"
#include "common/stream/compiler.h"
#include "tests/support/stacks.h"
#include "tests/support/tshark.h"

namespace staccato::bench {
namespace {

const Flow kFlow{{"d", "va"}, {"d", "vb"}, 2544};
const FlowAddressing kL2{"02:00:00:00:00:0a", "02:00:00:00:00:0b", "198.18.0.1", "198.19.0.1"};

Y1564Service voice() {
  Y1564Service s;
  s.name = "voice";
  s.frameSize = FrameSize::fixed(256);
  s.vlan = 100;
  s.pcp = 5;
  s.dscp = 46;
  s.cirMbps = 10;
  s.eirMbps = 5;
  s.cbsBytes = 12000;
  s.ebsBytes = 6000;
  return s;
}

std::map<std::string, std::string> decoded(const v1::Stream& s) {
  auto plan = compile(s);
  EXPECT_TRUE(plan) << plan.error().toString();
  const auto frames = test::buildFrames(s, 1);
  EXPECT_EQ(test::tsharkProblems(frames), std::vector<std::string>{});
  return test::tsharkFields(frames, {"frame.len", "vlan.id", "vlan.priority", "vlan.dei", "ip.dsfield.dscp",
                                     "udp.checksum.status"})
      .at(0);
}

TEST(Y1564Streams, EachServiceCarriesItsClassOnTheWireAtItsFrameSize) {
  const v1::Stream s = serviceStream(kFlow, kL2, 4, voice(), {10});
  const auto f = decoded(s);
  EXPECT_EQ(f.at("frame.len"), "252") << "256 bytes with the FCS the capture leaves out";
  EXPECT_EQ(f.at("vlan.id"), "100");
  EXPECT_EQ(f.at("vlan.priority"), "5");
  EXPECT_EQ(f.at("vlan.dei"), "0");
  EXPECT_EQ(f.at("ip.dsfield.dscp"), "46");
  EXPECT_EQ(f.at("udp.checksum.status"), "1");
  EXPECT_EQ(s.rate().unit(), v1::Rate::BPS_L2);
  EXPECT_DOUBLE_EQ(s.rate().value(), 10e6) << "CIR counts frames with their FCS, as BPS_L2 does";
  EXPECT_EQ(s.control().mode(), v1::Control::CONTINUOUS);
  Y1564Service untagged = voice();
  untagged.vlan = untagged.pcp = 0;
  EXPECT_EQ(decoded(serviceStream(kFlow, kL2, 4, untagged, {10})).at("vlan.id"), "");
}

TEST(Y1564Streams, ColourAwareExcessIsMarkedYellowAsTheConfigSays) {
  Y1564Service s = voice();
  s.colour = ColourMode::kAware;
  s.yellowMark = "dei";
  EXPECT_EQ(decoded(serviceStream(kFlow, kL2, 4, s, {5, 0, true})).at("vlan.dei"), "1");
  s.yellowMark = "pcp 1";
  EXPECT_EQ(decoded(serviceStream(kFlow, kL2, 4, s, {5, 0, true})).at("vlan.priority"), "1");
  s.yellowMark = "dscp 10";
  EXPECT_EQ(decoded(serviceStream(kFlow, kL2, 4, s, {5, 0, true})).at("ip.dsfield.dscp"), "10");
  EXPECT_EQ(decoded(serviceStream(kFlow, kL2, 4, s, {5, 0, false})).at("ip.dsfield.dscp"), "46") << "green stays green";
}

TEST(Y1564Streams, AwareStepsSplitAtCirAndBurstsAverageTheStepsRate) {
  Y1564Service s = voice();
  const Y1564Step cirEir{0, Y1564StepKind::kCirEir, 15, 10, 0, "CIR + EIR", ""};
  ASSERT_EQ(stepPaces(s, cirEir).size(), 1u) << "blind: one stream";
  s.colour = ColourMode::kAware;
  s.yellowMark = "dei";
  const auto split = stepPaces(s, cirEir);
  ASSERT_EQ(split.size(), 2u);
  EXPECT_DOUBLE_EQ(split[0].mbps, 10);
  EXPECT_FALSE(split[0].yellow);
  EXPECT_DOUBLE_EQ(split[1].mbps, 5);
  EXPECT_TRUE(split[1].yellow);
  const Y1564Step ebs{0, Y1564StepKind::kEbs, 15, 10, 18000, "EBS burst", ""};
  const auto bursts = stepPaces(s, ebs);
  ASSERT_EQ(bursts.size(), 2u);
  EXPECT_EQ(bursts[0].burstBytes, 12000u) << "green bursts of CBS";
  EXPECT_EQ(bursts[1].burstBytes, 6000u) << "yellow bursts of EBS";
  const v1::Stream b = serviceStream(kFlow, kL2, 4, s, bursts[0]);
  EXPECT_EQ(b.rate().unit(), v1::Rate::BURSTS_PER_SECOND);
  EXPECT_EQ(b.rate().packets_per_burst(), 47u) << "12000 bytes of 256-byte frames, rounded up";
  EXPECT_NEAR(b.rate().value() * 47 * 256 * 8, 10e6, 1) << "bursts spaced to average CIR";
  EXPECT_TRUE(compile(b)) << "a burst stream compiles";
}

}  // namespace
}  // namespace staccato::bench
