#include "client/core/benchmark/tester_rule.h"

#include <algorithm>
#include <cstdio>

namespace staccato::bench {
namespace {

std::string kpps(double pps) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.1f kpps", pps / 1e3);
  return buf;
}

std::string reason(const TrialResult& r, const CalibrationPoint* calibration, double tolerance, unsigned flows) {
  const TrialRequest& q = r.request;
  if (r.testerLimited) return r.note.empty() ? "the executor reported a tester limit" : r.note;
  if (calibration && q.pps > calibration->maxPps * (1 + 1e-9))
    return "intended " + kpps(q.pps) + " is above this generator's calibration (" + kpps(calibration->maxPps) + ")";
  if (q.kind == TrialKind::kBurst && r.txFrames < q.burstFrames * flows)
    return "sent " + std::to_string(r.txFrames) + " of " + std::to_string(q.burstFrames * flows) + " burst frames";
  if (r.offeredPps < q.pps * (1 - tolerance)) {
    char pct[32];
    std::snprintf(pct, sizeof pct, "%.1f %%", 100 * (1 - r.offeredPps / q.pps));
    return "offered " + kpps(r.offeredPps) + ", " + pct + " short of intended " + kpps(q.pps);
  }
  return "";
}

}  // namespace

void judgeTester(TrialResult& r, const CalibrationPoint* calibration, double tolerance, unsigned flows) {
  const double perFlow = 1.0 / double(flows ? flows : 1);
  // A burst's own rate is what it was sent at; a continuous trial's is over its whole duration,
  // where a linear ramp (included in the duration) sends half the frames full rate would.
  const double ramp = r.request.kind == TrialKind::kContinuous ? r.request.rampSeconds : 0;
  const double seconds = r.durationSeconds - std::min(ramp, r.durationSeconds) / 2;
  r.offeredPps = seconds > 0 ? double(r.txFrames) * perFlow / seconds : 0;
  r.receivedPps = seconds > 0 ? double(r.rxFrames) * perFlow / seconds : 0;
  r.testerLimitReason = reason(r, calibration, tolerance, flows ? flows : 1);
  r.testerLimited = !r.testerLimitReason.empty();
  r.counted = !r.testerLimited && !r.receiverMissed;
}

}  // namespace staccato::bench
