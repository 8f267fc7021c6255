#pragma once
/// One RFC 2889 traffic trial on the drones, its streams as the pattern's legs say
/// (rfc2889_patterns.h): fully meshed, one-to-many, many-to-one, congestion control, or broadcast
/// (the first port sends to ff:ff:ff:ff:ff:ff, every other port counts). Tracked streams between
/// the ports' own MACs; before a unicast trial each port sends learning frames so a switch knows
/// where each MAC is.
#include <memory>
#include <optional>
#include <vector>

#include "client/core/benchmark/frame_size.h"
#include "client/core/benchmark/rfc2889_errored.h"
#include "client/core/benchmark/rfc2889_patterns.h"
#include "client/core/benchmark/rfc2889_traffic.h"
#include "client/core/benchmark_drone/bench_ports.h"

namespace staccato::bench {

struct TrafficProbeSettings {
  double seconds = 10;  ///< each trial's sending time
  FrameSize size = FrameSize::fixed(64);
  ErroredSizes errored;  ///< errored frames: the sizes of the undersized and oversized frames
};

class DroneTrafficProbe {
 public:
  /// `ports`: different ones, as many as the pattern takes (trafficLegs).
  static Result<std::unique_ptr<DroneTrafficProbe>> open(const DroneMap& drones, TrafficPattern pattern,
                                                          const std::vector<Endpoint>& ports, DroneExecutorSettings settings,
                                                          TrafficProbeSettings probe);

  Result<TrafficTrial> trial(double load);
  TrafficProbe probe() {
    return [this](double load) { return trial(load); };
  }
  /// The line rate loads are shares of (bits per second with the 20-byte overhead): the sending
  /// ports'; forward pressure: the receiving port's, which it overloads.
  double lineRateBps() const {
    return pattern_ == TrafficPattern::kForwardPressure ? ports_.lineRateBpsOf(ports_.flows()[0].rx) : ports_.lineRateBps();
  }

 private:
  DroneTrafficProbe(BenchPorts ports, std::optional<BenchPorts> learning, TrafficPattern pattern, std::vector<double> shares,
                    TrafficProbeSettings settings)
      : ports_(std::move(ports)),
        learning_(std::move(learning)),
        pattern_(pattern),
        shares_(std::move(shares)),
        settings_(settings) {}
  Status learn();
  /// Forward pressure: why the sending port cannot offer trial `t`'s rate (above its own line rate),
  /// or "".
  std::string cannotOffer(const TrafficTrial& t) const;
  /// Waits until every stream of `streams` has sent its frames (`frames`, by flow), or a grace
  /// time has passed.
  Status waitUntilSent(const std::map<size_t, v1::Stream>& streams, const std::vector<uint64_t>& frames);
  /// "PORT" when every port is on one drone, else "PORT@DRONE".
  std::string named(const Endpoint& e) const;
  /// The trial's pairs from the counters read after it; `frames` each flow's stream was to send.
  void count(const DroneSnapshots& snaps, const std::vector<uint64_t>& frames, TrafficTrial& t) const;

  BenchPorts ports_;
  /// Every port to every other, to learn from (a port that only receives in the pattern must
  /// still tell the switch where its MAC is); none when the pattern's own flows do (meshed).
  std::optional<BenchPorts> learning_;
  TrafficPattern pattern_;
  std::vector<double> shares_;  ///< by flow: its share of the sending port's load
  TrafficProbeSettings settings_;
};

}  // namespace staccato::bench
