#pragma once
/// Plausible stats for FakeDroneSession (screenshots, demos, benchmarks): the enabled streams
/// of each transmitting port advance at their rates (FASTEST = 1 Mpps) until stopped (stream
/// counts are not simulated), arrive on the next port of the list without loss, with latency
/// of a few tens of µs.
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "common/core/result.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::client {

/// What the simulation needs of a compiled stream.
struct SimulatedStream {
  uint32_t id = 0;
  bool enabled = true;
  v1::Rate rate;
  double averageFrameBytes = 0;  ///< FCS included
};

class TrafficSimulator {
 public:
  /// Validates as the drone does (compileAll: all or nothing, errors with the field path).
  static Result<std::vector<SimulatedStream>> compile(const std::vector<v1::Stream>& streams);

  /// Advances `seconds` and returns the snapshot; `streams` by port name.
  v1::StatsSnapshot step(const std::vector<v1::Port>& ports,
                         const std::map<std::string, std::vector<SimulatedStream>>& streams, double seconds);
  /// Zeroes the counters of these ports (all when empty).
  void clear(const std::vector<std::string>& ports);

 private:
  struct Counters {
    uint64_t txPackets = 0, txBytes = 0, rxPackets = 0, rxBytes = 0;
  };
  struct StreamCounters {
    std::string rxPort;
    Counters counts;
    double carry = 0;  ///< fraction of a packet owed to the next step
    double baseLatencyNs = 0;
  };
  void addLatency(v1::StreamStats& row, const StreamCounters& stream);

  std::map<std::string, Counters> ports_;
  std::map<std::pair<std::string, uint32_t>, StreamCounters> streams_;  ///< by (tx port, stream id)
  std::mt19937 random_{42};
};

}  // namespace staccato::client
