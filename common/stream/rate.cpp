#include "common/stream/rate.h"

#include <cmath>
#include <limits>
#include <string>

namespace staccato {
namespace {

double wireBits(double frameBytes) { return (frameBytes + kL1OverheadBytes) * 8; }

Status checkLineRate(const std::string& path, const std::string& what, double pps, double avg, double lineRateBps) {
  const double maxPps = lineRateBps / wireBits(avg);
  if (lineRateBps > 0 && pps > maxPps * 1.0000001)
    return makeError(path, what + " " + std::to_string(static_cast<uint64_t>(pps)) +
                               " pps; the port's line rate allows at most " +
                               std::to_string(static_cast<uint64_t>(maxPps)) + " pps at this frame length");
  return Ok{};
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

double packetsPerSecond(const v1::Rate& r, double avg, double lineRateBps) {
  const double v = r.value();
  switch (r.unit()) {
    case v1::Rate::BPS_L1: return v / wireBits(avg);
    case v1::Rate::BPS_L2: return v / (avg * 8);
    case v1::Rate::LOAD_PERCENT: return lineRateBps * v / 100.0 / wireBits(avg);
    case v1::Rate::BURSTS_PER_SECOND: return v * burstSize(r);
    case v1::Rate::FASTEST: return lineRateBps / wireBits(avg);
    default: return v > 0 ? v : kDefaultPps;
  }
}

Status checkRate(const v1::Rate& r, double avg, double lineRateBps) {
  if (!std::isfinite(r.value()) || r.value() < 0) return makeError("rate.value", "must be a positive number");
  if (r.unit() != v1::Rate::FASTEST && r.unit() != v1::Rate::UNIT_UNSPECIFIED && r.unit() != v1::Rate::PPS &&
      r.value() == 0)
    return makeError("rate.value", "must be above 0");
  if (r.unit() == v1::Rate::LOAD_PERCENT && r.value() > 100)
    return makeError("rate.value", std::to_string(r.value()) + "% load is above 100% (allowed 0..100)");
  return checkLineRate("rate.value", "asks for", packetsPerSecond(r, avg, lineRateBps), avg, lineRateBps);
}

double planPacketsPerSecond(const TxPlan& plan, double lineRateBps) {
  if (!plan.replay.timed) return packetsPerSecond(plan.stream.rate(), plan.averageFrameBytes, lineRateBps);
  const double passNs = ReplayClock(plan, lineRateBps).passNs();
  // All frames at one instant: sent back to back, i.e. at line rate.
  if (passNs <= 0) return lineRateBps / wireBits(plan.averageFrameBytes);
  return double(plan.stream.replay().frames_size()) * plan.replay.speed * 1e9 / passNs;
}

Status checkRate(const TxPlan& plan, double lineRateBps) {
  if (!plan.replay.timed) return checkRate(plan.stream.rate(), plan.averageFrameBytes, lineRateBps);
  return checkLineRate("replay.speed", "the recorded timing averages", planPacketsPerSecond(plan, lineRateBps),
                       plan.averageFrameBytes, lineRateBps);
}

ReplayClock::ReplayClock(const TxPlan& plan, double lineRateBps)
    : times_(&plan.stream.replay().times_ns()), speed_(plan.replay.speed) {
  double gap = plan.replay.meanGapNs;
  if (times_->size() == 1) {  // no gap was recorded: one frame per interval of the rate
    const double pps = packetsPerSecond(plan.stream.rate(), plan.averageFrameBytes, lineRateBps);
    gap = pps > 0 && std::isfinite(pps) ? 1e9 / pps : 0;
  }
  passNs_ = times_->empty() ? 0 : double(times_->Get(times_->size() - 1)) + gap;
}

uint64_t ReplayClock::offsetNs(uint64_t n) const noexcept {
  const uint64_t count = static_cast<uint64_t>(times_->size());
  const double t = double(n / count) * passNs_ + double(times_->Get(static_cast<int>(n % count)));
  return static_cast<uint64_t>(std::llround(t / speed_));
}

uint64_t packetOffsetNs(const TxPlan& plan, uint64_t index, double lineRateBps) {
  if (plan.replay.timed) return ReplayClock(plan, lineRateBps).offsetNs(index);
  const v1::Rate& r = plan.stream.rate();
  const double pps = packetsPerSecond(r, plan.averageFrameBytes, lineRateBps);
  if (r.unit() == v1::Rate::BURSTS_PER_SECOND) {
    const uint64_t burst = index / burstSize(r), inBurst = index % burstSize(r);
    const double gap = lineRateBps > 0 ? wireBits(plan.averageFrameBytes) / lineRateBps : 0;
    return static_cast<uint64_t>(std::llround((double(burst) / r.value() + double(inBurst) * gap) * 1e9));
  }
  return static_cast<uint64_t>(std::llround(double(index) * 1e9 / pps));
}

}  // namespace staccato
