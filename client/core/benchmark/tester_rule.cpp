#include "client/core/benchmark/tester_rule.h"

#include <algorithm>
#include <cstdio>

#include "common/core/push_back.h"

namespace staccato::bench {
namespace {

std::string kpps(double pps) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.1f kpps", pps / 1e3);
  return buf;
}

/// The trial offered less than intended by more than the tolerance.
bool offeredShort(const TrialResult& r, double tolerance) { return r.offeredPps < r.request.pps * (1 - tolerance); }

/// Short of its own accord: not because the device pushed back.
bool shortOfItsOwn(const TrialResult& r, double tolerance) { return offeredShort(r, tolerance) && !r.devicePushedBack; }

/// Whether a continuous trial offered less because its port had no room (common/core/push_back.h).
bool pushedBack(const TrialResult& r, double seconds) {
  return r.request.kind == TrialKind::kContinuous &&
         devicePushedBack(double(r.senderBlockedNs) / 1e9, r.offeredPps, r.request.pps, seconds);
}

std::string reason(const TrialResult& r, const CalibrationPoint* calibration, double tolerance, unsigned flows) {
  const TrialRequest& q = r.request;
  if (r.testerLimited) return r.note.empty() ? "the executor reported a tester limit" : r.note;
  if (calibration && q.pps > calibration->maxPps * (1 + 1e-9))
    return "intended " + kpps(q.pps) + " is above this generator's calibration (" + kpps(calibration->maxPps) + ")";
  if (q.kind == TrialKind::kBurst && r.txFrames < q.burstFrames * flows)
    return "sent " + std::to_string(r.txFrames) + " of " + std::to_string(q.burstFrames * flows) + " burst frames";
  // A sender that let part of its schedule go (stalls) is repeated (senderStalled): a stall passes,
  // a generator too slow for the load stalls on every attempt and is then the tester's limit.
  if (shortOfItsOwn(r, tolerance) && !r.letGap()) {
    char pct[32];
    std::snprintf(pct, sizeof pct, "%.1f %%", 100 * (1 - r.offeredPps / q.pps));
    return "offered " + kpps(r.offeredPps) + ", " + pct + " short of intended " + kpps(q.pps);
  }
  return "";
}

}  // namespace

uint64_t senderPacingLimitNs(double pps) {
  constexpr double kBatchFrames = 64, kFloorNs = 500'000, kCeilingNs = 2'000'000;
  return uint64_t(std::clamp(pps > 0 ? kBatchFrames / pps * 1e9 : kFloorNs, kFloorNs, kCeilingNs));
}

std::string pushBackText(const TrialResult& r) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "the device took %s of the intended %s (the generator waited %.2f s for room at its port)",
                kpps(r.offeredPps).c_str(), kpps(r.request.pps).c_str(), double(r.senderBlockedNs) / 1e9);
  return buf;
}

std::string stallText(const TrialResult& r) {
  char buf[200];
  if (r.letGap())
    std::snprintf(buf, sizeof buf, "the generator fell behind its schedule and let %.2f ms of it go: it offered %s of the intended %s",
                  double(r.senderSkippedNs) / 1e6, kpps(r.offeredPps).c_str(), kpps(r.request.pps).c_str());
  else
    std::snprintf(buf, sizeof buf, "the generator fell %.2f ms behind its schedule and caught up in a burst of about %.0f frames",
                  double(r.senderLateNs) / 1e6, double(r.senderLateNs) / 1e9 * r.request.pps);
  return buf;
}

std::string stallConsequence(const TrialResult& r) {
  return r.letGap() ? "it cannot offer the load" : "the loss may be that burst's";
}

void judgeTester(TrialResult& r, const CalibrationPoint* calibration, double tolerance, unsigned flows) {
  const double perFlow = 1.0 / double(flows ? flows : 1);
  // A burst's own rate is what it was sent at; a continuous trial's is over its whole duration,
  // where a linear ramp (included in the duration) sends half the frames full rate would.
  const double ramp = r.request.kind == TrialKind::kContinuous ? r.request.rampSeconds : 0;
  const double seconds = r.durationSeconds - std::min(ramp, r.durationSeconds) / 2;
  r.offeredPps = seconds > 0 ? double(r.txFrames) * perFlow / seconds : 0;
  r.receivedPps = seconds > 0 ? double(r.rxFrames) * perFlow / seconds : 0;
  r.devicePushedBack = !r.testerLimited && offeredShort(r, tolerance) && pushedBack(r, seconds);
  r.testerLimitReason = reason(r, calibration, tolerance, flows ? flows : 1);
  r.testerLimited = !r.testerLimitReason.empty();
  r.devicePushedBack = r.devicePushedBack && !r.testerLimited;
  // A loss after a catch-up burst may be the burst's: only a loss with the pacing kept counts. A
  // sender that let a gap go and so offered too little says nothing of the device either.
  const bool continuous = r.request.kind == TrialKind::kContinuous;
  const bool burstMayLose = r.lostFrames() > 0 && r.senderLateNs > senderPacingLimitNs(r.request.pps);
  const bool gapShort = r.letGap() && shortOfItsOwn(r, tolerance);
  r.senderStalled = !r.testerLimited && continuous && (burstMayLose || gapShort);
  r.counted = !r.testerLimited && !r.receiverMissed && !r.senderStalled;
}

}  // namespace staccato::bench
