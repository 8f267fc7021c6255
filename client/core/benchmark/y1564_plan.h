#pragma once
/// The steps of Y.1564's service configuration test, service after service: the CIR steps, CIR +
/// EIR, the policing step above it, and the CBS and EBS burst steps; and what each step must show
/// (y1564_verdict.h).
#include <cstdint>
#include <string>
#include <vector>

#include "client/core/benchmark/y1564_config.h"

namespace staccato::bench {

enum class Y1564StepKind { kCir, kCirEir, kPolicing, kCbs, kEbs };
template <>
struct EnumNames<Y1564StepKind> {
  static constexpr std::pair<Y1564StepKind, std::string_view> kAll[] = {{Y1564StepKind::kCir, "cir"},
                                                                        {Y1564StepKind::kCirEir, "cir+eir"},
                                                                        {Y1564StepKind::kPolicing, "policing"},
                                                                        {Y1564StepKind::kCbs, "cbs"},
                                                                        {Y1564StepKind::kEbs, "ebs"}};
};

struct Y1564Step {
  size_t service = 0;  ///< index in the config's services
  Y1564StepKind kind = Y1564StepKind::kCir;
  double rateMbps = 0;      ///< the average rate the step offers (frames, FCS included)
  double seconds = 0;
  uint64_t burstBytes = 0;  ///< kCbs, kEbs: each burst, sent at the line rate, bursts spaced to rateMbps
  std::string label;        ///< "25 % of CIR", "CIR + EIR", "policing: CIR + 1.25 x EIR", "CBS burst"
  std::string note;         ///< what the step could not do as the Recommendation asks (e.g. above the line rate)
};

/// The policing step's rate: CIR + 1.25 x EIR, or 1.25 x CIR + EIR when EIR is below 20 % of CIR
/// (an overshoot of a quarter of the larger part, as Y.1564 asks).
double policingRateMbps(const Y1564Service& s);
/// The most a port of `lineRateBps` (layer 1: preamble and gap included) carries of `size`'s
/// frames, in Mbit/s of frames as CIR counts them.
double lineRateMbpsOfFrames(double lineRateBps, const FrameSize& size);
/// The configuration test's steps for every service, on ports of `lineRateBps`: a step above the
/// line rate is sent at the line rate and says so.
std::vector<Y1564Step> configurationSteps(const Y1564Config& c, double lineRateBps);
/// The performance test's measure for `service`: a CIR step as long as the test, the whole test
/// held to the CIR step's criteria.
Y1564Step performanceStep(const Y1564Config& c, size_t service, double lineRateBps);

}  // namespace staccato::bench
