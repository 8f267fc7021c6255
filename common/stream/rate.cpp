#include "common/stream/rate.h"

#include <cmath>
#include <string>

namespace staccato {
namespace {

double wireBits(double frameBytes) { return (frameBytes + kL1OverheadBytes) * 8; }

uint32_t burstSize(const v1::Rate& r) { return r.packets_per_burst() ? r.packets_per_burst() : 1; }

}  // namespace

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
  const double pps = packetsPerSecond(r, avg, lineRateBps);
  const double maxPps = lineRateBps / wireBits(avg);
  if (lineRateBps > 0 && pps > maxPps * 1.0000001)
    return makeError("rate.value", "asks for " + std::to_string(static_cast<uint64_t>(pps)) +
                                       " pps; the port's line rate allows at most " +
                                       std::to_string(static_cast<uint64_t>(maxPps)) + " pps at this frame length");
  return Ok{};
}

uint64_t packetOffsetNs(const TxPlan& plan, uint64_t index, double lineRateBps) {
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
