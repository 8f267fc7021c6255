#pragma once
/// The drones' ports a benchmark's flows use, whatever the benchmark (RFC 2544 trials, Y.1564
/// steps): listed and checked once, configured to count (receive tracking, interleaved sending
/// for several flows on a port), each flow's addressing, the sending drones' clocks checked; then
/// loading streams, clearing, starting every sending port at one T0, stopping, and reading the
/// counters once the receivers have settled.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "client/core/benchmark_drone/bench_flows.h"
#include "client/core/benchmark_drone/drone_steps.h"
#include "client/core/benchmark_drone/flow_streams.h"
#include "client/core/benchmark_drone/trial_counts.h"
#include "client/core/clock_check.h"
#include "client/core/drone_connection.h"
#include "rpc/names/backend_names.h"

namespace staccato::bench {

struct DroneExecutorSettings {
  double drainSeconds = 0.5;          ///< after stopping, before reading: frames in flight arrive
  double startMarginSeconds = 0.2;    ///< T0 this far ahead of the drone's clock (doubled when too short)
  uint64_t clockToleranceNs = client::kDefaultClockToleranceNs;  ///< several sending drones
  bool unsynchronizedStart = false;   ///< drones whose clocks disagree: warn instead of refusing
  uint32_t learningFrames = 10;       ///< per flow before each trial (request.learning)
  /// How a flow's reflector swaps, when it does not reflect yet (it is left reflecting).
  v1::PortConfig::Reflect reflect = rpc::kDefaultReflect;
  std::function<void(const std::string&)> warn;  ///< warnings for people (may be empty)
};

/// After a counted stream's time, how long its sender may still take to send its last frames (a
/// busy sender is a little behind its schedule; a stream stopped short judges nothing).
inline constexpr double kSendGraceSeconds = 2;

/// Sleeps this many seconds (fractions too; a time below 0 is none).
void sleepSeconds(double seconds);

/// Drones by address (as the flows name them); the caller owns the connections.
using DroneMap = std::map<std::string, client::DroneConnection*>;
/// Ports by drone address.
using PortsByDrone = std::map<std::string, std::vector<std::string>>;

class BenchPorts {
 public:
  /// Lists every drone's ports, checks the flows' ports exist, turns receive tracking on where
  /// it is off (and interleaved sending on a port with several flows), and checks the sending
  /// drones' clocks agree. `ipVersion` 4 or 6.
  static Result<BenchPorts> open(const DroneMap& drones, std::vector<Flow> flows, unsigned ipVersion,
                                 DroneExecutorSettings settings);

  const std::vector<Flow>& flows() const { return flows_; }
  const FlowAddressing& addressing(size_t flow) const { return addressing_.at(flow); }
  const v1::Port& port(const Endpoint& at) const { return ports_.at(at.drone).at(at.port); }
  client::DroneConnection& drone(const std::string& address) const { return *drones_.at(address); }
  unsigned ipVersion() const { return ipVersion_; }
  /// The sending ports' line rate (the lowest of them, bits per second with the 20-byte overhead).
  double lineRateBps() const { return lineRateBps_; }
  /// One port's line rate as its drone states it (10 Gbit/s when it does not know).
  double lineRateBpsOf(const Endpoint& at) const {
    const double bps = port(at).line_rate_bps();
    return bps > 0 ? bps : 10e9;
  }
  DroneExecutorSettings& settings() { return settings_; }
  /// Ports by drone: the sending ones, and every one the flows touch (reflectors too).
  PortsByDrone sending() const;
  PortsByDrone touched() const;
  /// "drone: va -> vb" lines: how the ports are joined (a calibration's setup).
  std::string describeFlows() const;

  /// Emulated hosts resolve their gateways (the device learns each of them), on every port the
  /// flows touch that has hosts.
  Status resolveGateways();
  /// An error naming the first sending port that emulates hosts: `test` runs at layer 2, between
  /// the ports' own MACs.
  Status requireLayer2(const std::string& test) const;
  /// How learning frames go: settings().learningFrames per flow, and at least one from every
  /// emulated host that sends (an L2 device learns each source), all within a tenth of a second
  /// and never faster than needed (1000 a second at least).
  FlowPace learningPace() const;
  /// Sends what is loaded (learning streams of `pace`) at once, waits for its frames, stops.
  Status sendLearning(const FlowPace& pace);

  /// Puts `streams` (flow index -> its stream) on the flows' sending ports, each port's streams
  /// replacing what it held; a sending port no stream names is emptied.
  Status load(const std::map<size_t, v1::Stream>& streams);
  Status clear();
  /// Starts the sending ports at one T0 a margin ahead (the margin doubles when it proved too
  /// short); `aheadSeconds` is how long until T0 when this returns.
  Status startAtT0(PortStart how, double& aheadSeconds);
  /// Keeps the last start's lease (PortStart.leaseSeconds) alive for another lease period.
  Status renewLeases();
  Status stop();
  /// Stops the sending ports, ignoring errors (after another failure).
  void stopAll();
  /// One snapshot of every touched port, per drone.
  Result<DroneSnapshots> read(bool latency);
  /// Stops the sending ports, waits settings().drainSeconds for frames in flight, and reads the
  /// counters once the receivers have settled: while frames are missing and the receive count
  /// still moves (a loaded machine still busy with what it was handed), again a little later, up
  /// to a limit.
  Result<DroneSnapshots> stopAndSettle(bool latency);

 private:
  Status configurePorts();

  DroneMap drones_;
  std::vector<Flow> flows_;
  std::vector<FlowAddressing> addressing_;
  std::map<std::string, std::map<std::string, v1::Port>> ports_;  ///< drone -> port -> as listed
  unsigned ipVersion_ = 4;
  DroneExecutorSettings settings_;
  double lineRateBps_ = 0;
  std::map<std::string, std::string> leases_;  ///< drone -> the last start's lease id
};

}  // namespace staccato::bench
