#include "client/core/benchmark/load_range.h"

#include <algorithm>

#include "client/core/benchmark/tester_rule.h"
#include "client/core/benchmark/trial_verdict.h"

namespace staccato::bench {
namespace {
constexpr double kEpsilon = 1e-12;
/// A tester-limited trial lowers the ceiling by at least this much, so a search always moves on.
constexpr double kMinCeilingStep = 0.005;
constexpr double kMaxCeilingStep = 0.5;  ///< at most halving the load after trials that did not count
}  // namespace

LoadRange::LoadRange(const SearchSettings& s, double testerCeiling)
    : min_(s.minLoad), ceiling_(std::min(s.maxLoad, testerCeiling)), absolute_(s.absolutePrecision),
      relative_(s.relativePrecision) {
  if (testerCeiling < s.maxLoad)
    boundReason_ = "this generator's calibration allows at most " + percentText(testerCeiling) + " of line rate";
}

void LoadRange::lowerAfter(const TrialResult& r, double tolerance) {
  const double offered = r.request.pps > 0 ? r.request.load * r.offeredPps / r.request.pps : 0;
  // A sender that stalled offered the load and lost only to its own bursts: where they stop
  // overflowing the device is not near, so the steps grow. A receiver's or a rate's limit is
  // found step by step.
  const unsigned doublings = r.senderStalled ? std::min(uncountedInARow_, 7u) : 0;
  const double step = std::min(kMaxCeilingStep, std::max(tolerance, kMinCeilingStep) * double(1u << doublings));
  uncountedInARow_ = r.senderStalled ? uncountedInARow_ + 1 : 0;
  ceiling_ = std::min({ceiling_, r.request.load * (1 - step), std::max(offered * (1 - tolerance), 0.0)});
  boundReason_ = r.testerLimitReason.empty() ? "the trial did not count" : r.testerLimitReason;
  deviceBound_ = false;
}

void LoadRange::counted(const TrialResult& r) {
  uncountedInARow_ = 0;
  if (!r.devicePushedBack) return;
  const double took = r.countedLoad(), asked = r.request.load;
  const double next = narrow(took, asked) ? took : (took + asked) / 2;
  if (next >= ceiling_) return;
  ceiling_ = next;
  boundReason_ = pushBackText(r);
  deviceBound_ = true;
}

bool LoadRange::narrow(double lo, double hi, double widthScale) const {
  const double width = hi - lo;
  return (absolute_ > 0 && width <= absolute_ * widthScale + kEpsilon) ||
         (relative_ > 0 && width <= relative_ * widthScale * hi + kEpsilon);
}

double LoadRange::step(double load, double widthScale) const {
  return std::max(absolute_, relative_ * load) * widthScale;
}

}  // namespace staccato::bench
