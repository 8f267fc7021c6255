#pragma once
/// Rates: converting a stream's rate setting into packets per second and send times.
#include <cstdint>

#include "common/core/result.h"
#include "common/stream/tx_plan.h"

namespace staccato {

inline constexpr double kL1OverheadBytes = 20;  ///< preamble + SFD (8) + inter-frame gap (12)
inline constexpr double kDefaultPps = 1000;

/// Average packets per second the rate asks for, given the stream's average frame length
/// (FCS included) and the port's line rate in bits/s (for load % and "fastest").
double packetsPerSecond(const v1::Rate& rate, double averageFrameBytes, double lineRateBps);

/// Checks a rate against the port's line rate: positive, finite, and not above line rate.
Status checkRate(const v1::Rate& rate, double averageFrameBytes, double lineRateBps);

/// Send time of packet `index` relative to the stream's start, in ns: evenly spaced, or in
/// bursts of back-to-back frames (at line rate) for burst rates.
uint64_t packetOffsetNs(const TxPlan& plan, uint64_t index, double lineRateBps);

}  // namespace staccato
