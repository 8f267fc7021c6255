#pragma once
/// Rates: converting a stream's rate and control settings into packet counts, packets per
/// second and send times.
#include <cstdint>
#include <optional>

#include "common/core/result.h"
#include "common/stream/tx_plan.h"

namespace staccato {

inline constexpr double kL1OverheadBytes = 20;  ///< preamble + SFD (8) + inter-frame gap (12)
inline constexpr double kDefaultPps = 1000;

/// Packets a burst rate sends back to back (packets_per_burst; 0 means 1).
uint32_t burstSize(const v1::Rate& rate);

/// Packets one run of the stream sends: its control's count (0 means 1), times the burst size
/// for bursts; nullopt when the stream is continuous. Saturates at UINT64_MAX.
std::optional<uint64_t> packetsPerRun(const v1::Stream& stream);

/// Average packets per second the rate asks for, given the stream's average frame length
/// (FCS included) and the port's line rate in bits/s (for load % and "fastest").
double packetsPerSecond(const v1::Rate& rate, double averageFrameBytes, double lineRateBps);

/// Checks a rate against the port's line rate: positive, finite, and not above line rate.
Status checkRate(const v1::Rate& rate, double averageFrameBytes, double lineRateBps);

/// Average packets per second a compiled stream sends: a timed replay's recorded rate (times
/// its speed), otherwise what its rate asks for.
double planPacketsPerSecond(const TxPlan& plan, double lineRateBps);

/// checkRate for a compiled stream; a timed replay ignores its rate and is checked at its
/// recorded average rate instead.
Status checkRate(const TxPlan& plan, double lineRateBps);

/// When the packets of a timed replay (ReplayPlan::timed) are due: packet n of a run at
/// (n / N * pass + times_ns[n % N]) / speed from the run's start, where a pass lasts
/// times_ns.back() + the mean gap. Keeps a pointer into the plan, which must outlive it.
class ReplayClock {
 public:
  ReplayClock(const TxPlan& plan, double lineRateBps);
  uint64_t offsetNs(uint64_t n) const noexcept;
  double passNs() const noexcept { return passNs_; }

 private:
  const google::protobuf::RepeatedField<uint64_t>* times_;
  double passNs_;
  double speed_;
};

/// Send time of packet `index` relative to the stream's start, in ns: evenly spaced, or in
/// bursts of back-to-back frames (at line rate) for burst rates; a timed replay's recorded times.
uint64_t packetOffsetNs(const TxPlan& plan, uint64_t index, double lineRateBps);

}  // namespace staccato
