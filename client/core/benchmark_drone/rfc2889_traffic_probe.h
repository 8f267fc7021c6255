#pragma once
/// One RFC 2889 traffic trial on the drones: fully meshed (every port sends to every other,
/// the port's load split evenly over its N - 1 destinations) or broadcast (the first port sends
/// to ff:ff:ff:ff:ff:ff, every other port counts). Tracked streams between the ports' own MACs;
/// before a meshed trial each port sends learning frames so a switch knows where each MAC is.
#include <memory>
#include <vector>

#include "client/core/benchmark/frame_size.h"
#include "client/core/benchmark/rfc2889_traffic.h"
#include "client/core/benchmark_drone/bench_ports.h"

namespace staccato::bench {

enum class TrafficPattern { kMeshed, kBroadcast };

struct TrafficProbeSettings {
  double seconds = 10;  ///< each trial's sending time
  FrameSize size = FrameSize::fixed(64);
};

class DroneTrafficProbe {
 public:
  /// `ports`: at least 2 different ones; for kBroadcast the first sends and the others count.
  static Result<std::unique_ptr<DroneTrafficProbe>> open(const DroneMap& drones, TrafficPattern pattern,
                                                          const std::vector<Endpoint>& ports, DroneExecutorSettings settings,
                                                          TrafficProbeSettings probe);

  Result<TrafficTrial> trial(double load);
  TrafficProbe probe() {
    return [this](double load) { return trial(load); };
  }
  /// The sending ports' line rate (bits per second with the 20-byte overhead).
  double lineRateBps() const { return ports_.lineRateBps(); }

 private:
  DroneTrafficProbe(BenchPorts ports, TrafficPattern pattern, size_t portCount, TrafficProbeSettings settings)
      : ports_(std::move(ports)), pattern_(pattern), portCount_(portCount), settings_(settings) {}
  Status learn();
  /// Waits until every stream of `streams` has sent its `frames`, or a grace time has passed.
  Status waitUntilSent(const std::map<size_t, v1::Stream>& streams, uint64_t frames);
  /// "PORT" when every port is on one drone, else "PORT@DRONE".
  std::string named(const Endpoint& e) const;
  /// The trial's pairs from the counters read after it; `frames` each stream was to send.
  void count(const DroneSnapshots& snaps, uint64_t frames, TrafficTrial& t) const;

  BenchPorts ports_;
  TrafficPattern pattern_;
  size_t portCount_;
  TrafficProbeSettings settings_;
};

}  // namespace staccato::bench
