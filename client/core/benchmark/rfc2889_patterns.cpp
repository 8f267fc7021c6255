#include "client/core/benchmark/rfc2889_patterns.h"

#include <cstdio>

namespace staccato::bench {
namespace {

constexpr size_t kMaxPorts = 16;
/// Port 3 forwarding more than this share of its line rate was not congested (a port faster than
/// the line rate the test was told).
constexpr double kLineRateSlack = 1.02;
/// Back pressure: a loss this much below what the line rate alone causes.
constexpr double kBackPressureShare = 0.5;

std::string percent(double ratio) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f %%", ratio * 100);
  return text;
}

}  // namespace

std::string_view patternName(TrafficPattern pattern) {
  switch (pattern) {
    case TrafficPattern::kMeshed: return "fully_meshed";
    case TrafficPattern::kBroadcast: return "broadcast";
    case TrafficPattern::kOneToMany: return "one_to_many";
    case TrafficPattern::kManyToOne: return "many_to_one";
    case TrafficPattern::kCongestion: return "congestion_control";
    case TrafficPattern::kForwardPressure: return "forward_pressure";
    case TrafficPattern::kErroredFrames: return "errored_frames";
  }
  return "";
}

Result<std::vector<TrafficLeg>> trafficLegs(TrafficPattern pattern, size_t ports) {
  if (pattern == TrafficPattern::kCongestion) {
    if (ports != 4) return makeError("ports", "congestion control takes four ports: two senders, the congested port, the uncongested one");
    return std::vector<TrafficLeg>{{0, 2, 0.5}, {0, 3, 0.5}, {1, 2, 1.0}};
  }
  if (pattern == TrafficPattern::kForwardPressure || pattern == TrafficPattern::kErroredFrames) {
    if (ports != 2) return makeError("ports", "this test takes two ports: the sender and the receiver");
    if (pattern == TrafficPattern::kForwardPressure) return std::vector<TrafficLeg>{{0, 1, 1.0}};
    const double third = 1.0 / 3;  // valid, undersized, oversized frames
    return std::vector<TrafficLeg>{{0, 1, third}, {0, 1, third}, {0, 1, third}};
  }
  if (ports < 2 || ports > kMaxPorts) return makeError("ports", "name 2..16 ports");
  const double split = 1.0 / double(ports - 1);
  std::vector<TrafficLeg> legs;
  for (size_t from = 0; from < ports; ++from)
    for (size_t to = 0; to < ports; ++to) {
      if (from == to) continue;
      if (pattern == TrafficPattern::kMeshed) legs.push_back({from, to, split});
      if (pattern == TrafficPattern::kOneToMany && from == 0) legs.push_back({from, to, split});
      if (pattern == TrafficPattern::kBroadcast && from == 0) legs.push_back({from, to, 1.0});
      if (pattern == TrafficPattern::kManyToOne && to == 0) legs.push_back({from, to, 1.0});
    }
  return legs;
}

CongestionVerdict congestionOf(const TrafficTrial& t) {
  CongestionVerdict v;
  if (t.pairs.size() != 3) {
    v.why = "not a congestion control trial";
    return v;
  }
  const PairCount &toCongested = t.pairs[0], &toUncongested = t.pairs[1], &alsoCongested = t.pairs[2];
  v.uncongestedSent = toUncongested.sent;
  v.uncongestedLost = toUncongested.lost();
  v.uncongestedHeldBack = toUncongested.heldBack;
  v.congestedSent = toCongested.sent + alsoCongested.sent;
  v.congestedLost = toCongested.lost() + alsoCongested.lost();
  v.headOfLineBlocking = v.uncongestedLost > 0 || toUncongested.heldBack;
  // Port 3's line rate in frames a second, and what it was offered: 1.5 times the load.
  const double lineFps = t.load > 0 ? t.offeredFps / t.load : 0;
  const double offeredShare = 1.5 * t.load;
  v.expectedLossRatio = offeredShare > 1 ? 1 - 1 / offeredShare : 0;
  v.congestedLossRatio = v.congestedSent ? double(v.congestedLost) / double(v.congestedSent) : 0;
  const double forwardedFps = t.seconds > 0 ? double(v.congestedSent - v.congestedLost) / t.seconds : 0;
  v.judged = t.judged();
  if (!v.judged) {
    v.why = t.testerNote;
  } else if (offeredShare <= 1) {
    v.why = "port 3 was offered " + percent(offeredShare) + " of its line rate: not congested (run at a load above 67 %)";
  } else if (forwardedFps > lineFps * kLineRateSlack) {
    v.why = "port 3 forwarded " + percent(forwardedFps / lineFps) + " of the line rate the test was told: it is faster "
            "(give the ports their real speed: staccato-cli configure PORT --line-rate BPS)";
  } else {
    v.congested = true;
    v.backPressure = (toCongested.heldBack || alsoCongested.heldBack) &&
                     v.congestedLossRatio < v.expectedLossRatio * kBackPressureShare;
  }
  return v;
}

std::string CongestionVerdict::text() const {
  if (!judged) return "not judged: " + why;
  const std::string hol = std::string("head-of-line blocking: ") + (headOfLineBlocking ? "yes" : "no") + " (" +
                          std::to_string(uncongestedLost) + " of " + std::to_string(uncongestedSent) +
                          " frames to the uncongested port lost" + (uncongestedHeldBack ? ", its sender held back" : "") + ")";
  if (!congested) return hol + "; back pressure: not judged (" + why + ")";
  return hol + "; back pressure: " + (backPressure ? "yes" : "no") + " (the congested port lost " +
         percent(congestedLossRatio) + " of its frames; its line rate alone makes it lose " + percent(expectedLossRatio) + ")";
}

}  // namespace staccato::bench
