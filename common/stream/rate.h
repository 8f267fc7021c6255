#pragma once
/// Rates: converting a stream's rate and control settings into packet counts, packets per
/// second and send times.
#include <cstdint>
#include <optional>

#include "common/core/result.h"
#include "common/stream/tx_plan.h"
#include "common/stream/wire.h"

namespace staccato {

inline constexpr double kDefaultPps = 1000;
/// The lowest rate a stream may ask for: one packet every 1000 s. Slower rates are almost
/// always a unit mistake, and their send times would overflow a 64-bit ns clock.
inline constexpr double kMinPps = 1e-3;

/// Whether the stream is sent when its port starts (a stream without the field is).
bool streamEnabled(const v1::Stream& stream);

/// Packets a burst rate sends back to back (packets_per_burst; 0 means 1).
uint32_t burstSize(const v1::Rate& rate);

/// Packets one run of the stream sends: its control's count (0 means 1), times the burst size
/// for bursts; nullopt when the stream is continuous. Saturates at UINT64_MAX.
std::optional<uint64_t> packetsPerRun(const v1::Stream& stream);

/// The stream's rate and run control as a plan keeps them.
RatePlan ratePlanOf(const v1::Rate& rate);
RunPlan runPlanOf(const v1::Stream& stream);

/// Average packets per second the rate asks for, given the stream's average frame length
/// (FCS included) and the port's line rate in bits/s (for load % and "fastest").
double packetsPerSecond(const RatePlan& rate, double averageFrameBytes, double lineRateBps);

/// Checks what a rate asks for where the port is not known yet (files, the compiler, editors):
/// a finite, non-negative value, and at least kMinPps for units that fix the packet rate by
/// themselves (load % needs the port's line rate: see checkRate).
Status checkRateValue(const RatePlan& rate, double averageFrameBytes);

/// Checks a rate on a port: checkRateValue, at least kMinPps and not above the line rate.
Status checkRate(const RatePlan& rate, double averageFrameBytes, double lineRateBps);

/// `rate` `scale` times as fast: its value scaled, in its own unit (a rate of 0, meaning the
/// default, becomes that many pps). FASTEST is already as fast as it gets: unchanged.
RatePlan scaledRate(const RatePlan& rate, double scale);

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
  double offsetNs(uint64_t n) const noexcept;
  double passNs() const noexcept { return passNs_; }

 private:
  const google::protobuf::RepeatedField<uint64_t>* times_;
  double passNs_;
  double speed_;
};

/// start + offset without wrapping: a saturated offset ("never") stays never.
inline uint64_t afterNs(uint64_t start, uint64_t offset) noexcept {
  return offset > UINT64_MAX - start ? UINT64_MAX : start + offset;
}

/// When a stream's packets are due from the start of a run, in ns: evenly spaced, or in bursts
/// of frames back to back at line rate, or a timed replay's recorded times. The one schedule that
/// transmit, pcap export and previews share. Offsets saturate at UINT64_MAX (never wrap).
/// Keeps a pointer into the plan, which must outlive it.
class RateSchedule {
 public:
  RateSchedule(const TxPlan& plan, double lineRateBps) : RateSchedule(plan, lineRateBps, plan.rate) {}
  /// The plan's packets at another rate (a live rate change; ignored by a timed replay).
  RateSchedule(const TxPlan& plan, double lineRateBps, const RatePlan& rate);
  /// Starts at no rate and rises linearly to the asked one over `rampNs` (then goes on at it):
  /// the packets' times stretch so that the rate at time t is t / rampNs of it.
  RateSchedule& withRamp(uint64_t rampNs) noexcept {
    rampNs_ = double(rampNs);
    return *this;
  }
  /// As fast as possible (FASTEST): transmit ignores the send times, which are those of the
  /// line rate (what an export shows).
  bool unpaced() const noexcept { return fastest_; }
  uint64_t offsetNs(uint64_t n) const noexcept;
  /// When the run after `packets` packets would send its first one: a sequence of streams (and
  /// a stream looping on itself) keeps its pace across run boundaries.
  uint64_t runNs(uint64_t packets) const noexcept { return offsetNs(packets); }

 private:
  double nsPerPacket_ = 0;
  uint64_t perBurst_ = 1;
  double nsPerBurst_ = 0;
  double burstGapNs_ = 0;  ///< between frames of one burst: their wire time at line rate
  double rampNs_ = 0;
  bool fastest_ = false;
  std::optional<ReplayClock> replay_;
};

}  // namespace staccato
