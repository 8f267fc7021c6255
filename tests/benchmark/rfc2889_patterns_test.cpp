// RFC 2889's traffic patterns as legs between ports (who sends to whom, at what share of the
// sending port's load), and the congestion control verdict (5.5) from a trial's pairs.
#include <gtest/gtest.h>

#include "client/core/benchmark/rfc2889_patterns.h"

namespace staccato::bench {
namespace {

std::vector<std::tuple<size_t, size_t, double>> legsOf(TrafficPattern p, size_t ports) {
  auto legs = trafficLegs(p, ports);
  EXPECT_TRUE(legs) << legs.error().toString();
  std::vector<std::tuple<size_t, size_t, double>> out;
  for (const TrafficLeg& l : legs ? *legs : std::vector<TrafficLeg>{}) out.emplace_back(l.from, l.to, l.share);
  return out;
}

TEST(Rfc2889Patterns, WhoSendsToWhomAndHowMuch) {
  using T = std::vector<std::tuple<size_t, size_t, double>>;
  EXPECT_EQ(legsOf(TrafficPattern::kMeshed, 3), (T{{0, 1, 0.5}, {0, 2, 0.5}, {1, 0, 0.5}, {1, 2, 0.5}, {2, 0, 0.5}, {2, 1, 0.5}}));
  EXPECT_EQ(legsOf(TrafficPattern::kOneToMany, 4), (T{{0, 1, 1.0 / 3}, {0, 2, 1.0 / 3}, {0, 3, 1.0 / 3}}));
  EXPECT_EQ(legsOf(TrafficPattern::kManyToOne, 4), (T{{1, 0, 1}, {2, 0, 1}, {3, 0, 1}}));
  EXPECT_EQ(legsOf(TrafficPattern::kBroadcast, 3), (T{{0, 1, 1}, {0, 2, 1}}));
  EXPECT_EQ(legsOf(TrafficPattern::kCongestion, 4), (T{{0, 2, 0.5}, {0, 3, 0.5}, {1, 2, 1}}));
  EXPECT_EQ(trafficLegs(TrafficPattern::kCongestion, 3).error().toString().rfind("ports: congestion control takes four ports", 0), 0u);
  EXPECT_FALSE(trafficLegs(TrafficPattern::kMeshed, 1));
  EXPECT_FALSE(trafficLegs(TrafficPattern::kOneToMany, 17));
  EXPECT_EQ(patternName(TrafficPattern::kManyToOne), "many_to_one");
  EXPECT_EQ(legsOf(TrafficPattern::kForwardPressure, 2), (T{{0, 1, 1}}));
  EXPECT_EQ(legsOf(TrafficPattern::kErroredFrames, 2), (T{{0, 1, 1.0 / 3}, {0, 1, 1.0 / 3}, {0, 1, 1.0 / 3}}));
  EXPECT_FALSE(trafficLegs(TrafficPattern::kForwardPressure, 3));
  EXPECT_FALSE(trafficLegs(TrafficPattern::kErroredFrames, 4));
  EXPECT_EQ(patternName(TrafficPattern::kErroredFrames), "errored_frames");
}

/// A congestion trial at `load` of a 14,880 fps line (64 B at 10 Mbit/s) for 1 s: 1 -> 3 and
/// 1 -> 4 at half the load each, 2 -> 3 at the load, and what arrived.
TrafficTrial congestionTrial(double load, uint64_t got13, uint64_t got14, uint64_t got23) {
  TrafficTrial t;
  t.load = load;
  t.offeredFps = 14880 * load;
  t.seconds = 1;
  const auto sent = [&](double share) { return uint64_t(t.offeredFps * share); };
  t.pairs = {{"p1", "p3", sent(0.5), got13}, {"p1", "p4", sent(0.5), got14}, {"p2", "p3", sent(1), got23}};
  return t;
}

TEST(Rfc2889Patterns, CongestionControlNamesHeadOfLineBlockingAndBackPressure) {
  // Port 3 forwards its line rate (14,880 of 22,320 offered: a third lost), port 4 everything.
  CongestionVerdict plain = congestionOf(congestionTrial(1, 4960, 7440, 9920));
  EXPECT_TRUE(plain.judged && plain.congested);
  EXPECT_FALSE(plain.headOfLineBlocking);
  EXPECT_FALSE(plain.backPressure);
  EXPECT_NEAR(plain.expectedLossRatio, 1.0 / 3, 1e-9);
  EXPECT_NEAR(plain.congestedLossRatio, 7440.0 / 22320, 1e-9);
  EXPECT_EQ(plain.text(), "head-of-line blocking: no (0 of 7440 frames to the uncongested port lost); back pressure: no "
                          "(the congested port lost 33.33 % of its frames; its line rate alone makes it lose 33.33 %)");
  // Frames to the uncongested port lost behind the congested ones.
  EXPECT_TRUE(congestionOf(congestionTrial(1, 4960, 7000, 9920)).headOfLineBlocking);
  // The senders into port 3 held back (flow control) and port 3 lost little of what they sent.
  TrafficTrial pushed = congestionTrial(1, 4900, 7440, 9800);
  pushed.pairs[0].sent = 4960, pushed.pairs[2].sent = 9920;
  pushed.pairs[0].heldBack = pushed.pairs[2].heldBack = true;
  EXPECT_TRUE(congestionOf(pushed).backPressure) << congestionOf(pushed).text();
  pushed.pairs[0].heldBack = pushed.pairs[2].heldBack = false;
  EXPECT_FALSE(congestionOf(pushed).backPressure) << "little loss without a sender held back is no back pressure";
  TrafficTrial blocking = congestionTrial(1, 4960, 7440, 9920);
  blocking.pairs[1].heldBack = true;
  EXPECT_TRUE(congestionOf(blocking).headOfLineBlocking) << "the uncongested stream held back with the congested one";
  // Forwarding more than its line rate: the port is faster than the test was told; not judged.
  const CongestionVerdict fast = congestionOf(congestionTrial(1, 7440, 7440, 14880));
  EXPECT_FALSE(fast.congested);
  EXPECT_NE(fast.text().find("back pressure: not judged (port 3 forwarded 150.00 % of the line rate"), std::string::npos) << fast.text();
  // Offered no more than its line rate: nothing to judge about congestion.
  EXPECT_NE(congestionOf(congestionTrial(0.6, 4464, 4464, 8928)).why.find("not congested"), std::string::npos);
  TrafficTrial unsent = congestionTrial(1, 0, 0, 0);
  unsent.testerNote = "p1 sent 10 of 7440 frames";
  EXPECT_EQ(congestionOf(unsent).text(), "not judged: p1 sent 10 of 7440 frames");
}

}  // namespace
}  // namespace staccato::bench
