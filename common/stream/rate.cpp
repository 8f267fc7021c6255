#include "common/stream/rate.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

namespace staccato {
namespace {

double wireBits(double frameBytes) { return (frameBytes + kL1OverheadBytes) * 8; }

/// A rate as people read it, whatever its size: "1000000", "1.5e+300" (never a wrapped integer).
std::string ppsText(double pps) {
  char text[64];
  std::snprintf(text, sizeof text, pps >= 1 && pps < 1e15 ? "%.0f" : "%.4g", pps);
  return text;
}

Status checkLineRate(const std::string& path, const std::string& what, double pps, double avg, double lineRateBps) {
  const double maxPps = lineRateBps / wireBits(avg);
  if (lineRateBps > 0 && pps > maxPps * 1.0000001)
    return makeError(path, what + " " + ppsText(pps) + " pps; the port's line rate allows at most " + ppsText(maxPps) +
                               " pps at this frame length");
  return Ok{};
}

Status checkMinimum(double pps) {
  if (pps >= kMinPps) return Ok{};
  return makeError("rate.value", "asks for " + ppsText(pps) + " pps; the lowest rate is 0.001 pps (one packet every "
                                 "1000 s): check the unit");
}

}  // namespace

uint32_t burstSize(const v1::Rate& r) { return r.packets_per_burst() ? r.packets_per_burst() : 1; }

std::optional<uint64_t> packetsPerRun(const v1::Stream& s) {
  const v1::Control& c = s.control();
  if (c.mode() == v1::Control::CONTINUOUS) return std::nullopt;
  const uint64_t count = c.count() ? c.count() : 1;
  if (c.mode() != v1::Control::BURSTS) return count;
  const uint64_t perBurst = burstSize(s.rate());
  return count > std::numeric_limits<uint64_t>::max() / perBurst ? std::numeric_limits<uint64_t>::max() : count * perBurst;
}

bool streamEnabled(const v1::Stream& s) { return !s.has_enabled() || s.enabled(); }

RatePlan ratePlanOf(const v1::Rate& r) { return {r.unit(), r.value(), burstSize(r)}; }

RunPlan runPlanOf(const v1::Stream& s) {
  const v1::Control& c = s.control();
  const auto after = c.after() == v1::Control::AFTER_UNSPECIFIED ? v1::Control::NEXT : c.after();
  return {streamEnabled(s), packetsPerRun(s), after, c.goto_stream(), c.loop_count()};
}

double packetsPerSecond(const RatePlan& r, double avg, double lineRateBps) {
  const double v = r.value;
  switch (r.unit) {
    case v1::Rate::BPS_L1: return v / wireBits(avg);
    case v1::Rate::BPS_L2: return v / (avg * 8);
    case v1::Rate::LOAD_PERCENT: return lineRateBps * v / 100.0 / wireBits(avg);
    case v1::Rate::BURSTS_PER_SECOND: return v * r.packetsPerBurst;
    case v1::Rate::FASTEST: return lineRateBps / wireBits(avg);
    default: return v > 0 ? v : kDefaultPps;
  }
}

Status checkRateValue(const RatePlan& r, double avg) {
  // -0.0 is negative too (it compares equal to 0, and 0 means the default 1,000 pps).
  if (!std::isfinite(r.value) || std::signbit(r.value))
    return makeError("rate.value", ppsText(r.value) + " is not a rate: give a positive number");
  if (r.unit != v1::Rate::FASTEST && r.unit != v1::Rate::UNIT_UNSPECIFIED && r.unit != v1::Rate::PPS && r.value == 0)
    return makeError("rate.value", "must be above 0");
  if (r.unit == v1::Rate::LOAD_PERCENT) {
    if (r.value > 100) return makeError("rate.value", std::to_string(r.value) + "% load is above 100% (allowed 0..100)");
    return Ok{};  // its packet rate depends on the port
  }
  if (r.unit == v1::Rate::FASTEST) return Ok{};
  return checkMinimum(packetsPerSecond(r, avg, 0));
}

Status checkRate(const RatePlan& r, double avg, double lineRateBps) {
  if (auto s = checkRateValue(r, avg); !s) return s;
  if (r.unit == v1::Rate::FASTEST) return Ok{};
  const double pps = packetsPerSecond(r, avg, lineRateBps);
  if (auto s = checkMinimum(pps); !s) return s;
  return checkLineRate("rate.value", "asks for", pps, avg, lineRateBps);
}


double planPacketsPerSecond(const TxPlan& plan, double lineRateBps) {
  if (!plan.replay.timed) return packetsPerSecond(plan.rate, plan.averageFrameBytes, lineRateBps);
  const double passNs = ReplayClock(plan, lineRateBps).passNs();
  // All frames at one instant: sent back to back, i.e. at line rate.
  if (passNs <= 0) return lineRateBps / wireBits(plan.averageFrameBytes);
  return double(plan.replay.recording->frames_size()) * plan.replay.speed * 1e9 / passNs;
}

Status checkRate(const TxPlan& plan, double lineRateBps) {
  if (!plan.replay.timed) return checkRate(plan.rate, plan.averageFrameBytes, lineRateBps);
  return checkLineRate("replay.speed", "the recorded timing averages", planPacketsPerSecond(plan, lineRateBps),
                       plan.averageFrameBytes, lineRateBps);
}

ReplayClock::ReplayClock(const TxPlan& plan, double lineRateBps)
    : times_(&plan.replay.recording->times_ns()), speed_(plan.replay.speed) {
  double gap = plan.replay.meanGapNs;
  if (times_->size() == 1) {  // no gap was recorded: one frame per interval of the rate
    const double pps = packetsPerSecond(plan.rate, plan.averageFrameBytes, lineRateBps);
    gap = pps > 0 && std::isfinite(pps) ? 1e9 / pps : 0;
  }
  passNs_ = times_->empty() ? 0 : double(times_->Get(times_->size() - 1)) + gap;
}

double ReplayClock::offsetNs(uint64_t n) const noexcept {
  const uint64_t count = static_cast<uint64_t>(times_->size());
  return (double(n / count) * passNs_ + double(times_->Get(static_cast<int>(n % count)))) / speed_;
}

RatePlan scaledRate(const RatePlan& rate, double scale) {
  RatePlan r = rate;
  if (r.unit == v1::Rate::FASTEST) return r;
  // A rate without a unit is packets per second, like PPS; either without a value is the default.
  if (r.unit == v1::Rate::UNIT_UNSPECIFIED || r.unit == v1::Rate::PPS) {
    r.unit = v1::Rate::PPS;
    r.value = packetsPerSecond(rate, 0, 0);
  }
  r.value *= scale;
  return r;
}

RateSchedule::RateSchedule(const TxPlan& plan, double lineRateBps, const RatePlan& r) {
  if (plan.replay.timed) {
    replay_.emplace(plan, lineRateBps);
    return;
  }
  fastest_ = r.unit == v1::Rate::FASTEST;
  if (r.unit == v1::Rate::BURSTS_PER_SECOND) {
    perBurst_ = r.packetsPerBurst;
    nsPerBurst_ = 1e9 / r.value;
    burstGapNs_ = lineRateBps > 0 ? wireBits(plan.averageFrameBytes) * 1e9 / lineRateBps : 0;
    return;
  }
  const double pps = packetsPerSecond(r, plan.averageFrameBytes, lineRateBps);
  nsPerPacket_ = pps > 0 ? 1e9 / pps : 0;
}

uint64_t RateSchedule::offsetNs(uint64_t n) const noexcept {
  double t = 0;
  if (replay_) t = replay_->offsetNs(n);
  else if (nsPerBurst_ > 0) t = double(n / perBurst_) * nsPerBurst_ + double(n % perBurst_) * burstGapNs_;
  else t = double(n) * nsPerPacket_;
  // A linear ramp: the rate at time s is s/T of the full one, so s^2/(2T) packets' worth of
  // the full schedule's time is done by s (s < T), and after it the schedule runs T/2 late.
  if (rampNs_ > 0) t = t < rampNs_ / 2 ? std::sqrt(2 * rampNs_ * t) : t + rampNs_ / 2;
  // A double this large would wrap (or be undefined) as an integer: 584 years is "never".
  constexpr double kNever = 18'000'000'000'000'000'000.0;
  if (!(t < kNever)) return std::numeric_limits<uint64_t>::max();
  return static_cast<uint64_t>(std::llround(t));
}

}  // namespace staccato
