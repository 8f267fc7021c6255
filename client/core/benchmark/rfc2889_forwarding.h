#pragma once
/// RFC 2889 5.6 over one port pair: the maximum forwarding rate (MFR), the highest rate at which
/// the device forwarded frames to the receiving port while the offered load was stepped up to the
/// line rate; and forward pressure: frames offered with an interframe gap of 88 bits instead of
/// 96, more than the line can carry. A device that forwards them faster than its line allows
/// (it shortens the gap on its way out) applies forward pressure; one that keeps the gap forwards
/// at most the line rate and drops or queues the rest.
#include <functional>
#include <string>

#include "client/core/benchmark/rfc2889_traffic.h"

namespace staccato::bench {

/// The most a forward pressure trial offers (the probe refuses more).
inline constexpr double kMaxForwardPressureLoad = 1.1;

struct ForwardingSettings {
  double minLoad = 0.1;  ///< the first trial's (share of the line rate)
  double step = 0.1;     ///< from one trial to the next, up to maxLoad
  double maxLoad = 1.0;  ///< the last stepped trial's; the forward pressure trial follows it
};

Status checkForwardingSettings(const ForwardingSettings& s);

/// The load of frames of `frameBytes` (FCS included) sent with a gap of 88 bits: each takes one
/// byte less on the wire, (size + 20) / (size + 19) of the line rate.
double overloadFor(double frameBytes);

/// A trial at each load from minLoad by step to maxLoad, then one at `overload`. A trial the
/// tester did not send or count as asked stops the sweep (incomplete, the note says why).
Result<ThroughputSearch> sweepForwarding(const ForwardingSettings& settings, double overload, const TrafficProbe& probe,
                                         const std::function<void(const TrafficTrial&)>& trialDone = {},
                                         const std::function<bool()>& stopRequested = {});

/// The rate a trial's frames reached their port: first to last frame received when the one pair
/// says so, else received over the sending time.
double forwardingRate(const TrafficTrial& t);

struct ForwardingVerdict {
  double maxForwardingFps = 0;  ///< the MFR: the highest forwardingRate over the judged trials
  double mfrLoad = 0;           ///< the load it was found at (0: no trial judged)
  double lineFps = 0;           ///< the receiving port's line rate, frames a second with a 96-bit gap
  bool pressureJudged = false;  ///< the tester offered more than the line carries, as asked
  std::string why;              ///< when forward pressure is not judged
  double overloadSentFps = 0, overloadForwardedFps = 0;
  bool forwardPressure = false;  ///< forwarded clearly faster than lineFps
  /// "maximum forwarding rate 14.88 kfps (100 % of the line, at 100 %); forward pressure: no (...)".
  std::string text() const;
};

/// From a sweep's trials; `lineFps` the receiving port's line rate at the frame size.
ForwardingVerdict forwardingOf(const ThroughputSearch& search, double lineFps);

}  // namespace staccato::bench
