#pragma once
/// The benchmark's TrialExecutor over real drones (client/core/benchmark/trial_executor.h): each
/// flow a tracked UDP stream; a trial sends learning frames (and resolves the emulated hosts'
/// gateways) first when asked, loads the trial's rate, clears the counters, starts every flow on
/// every drone at one T0 (StartTx start_time_ns), stops after the trial, waits for frames in
/// flight and reads the counters once they settle (never mid-trial). The ports' streams are
/// replaced while it runs.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "client/core/benchmark/trial_executor.h"
#include "client/core/benchmark_drone/bench_flows.h"
#include "client/core/benchmark_drone/drone_steps.h"
#include "client/core/benchmark_drone/flow_streams.h"
#include "client/core/clock_check.h"
#include "client/core/drone_connection.h"

namespace staccato::bench {

struct DroneExecutorSettings {
  double drainSeconds = 0.5;          ///< after stopping, before reading: frames in flight arrive
  double startMarginSeconds = 0.2;    ///< T0 this far ahead of the drone's clock (doubled when too short)
  uint64_t clockToleranceNs = client::kDefaultClockToleranceNs;  ///< several sending drones
  bool unsynchronizedStart = false;   ///< drones whose clocks disagree: warn instead of refusing
  uint32_t learningFrames = 10;       ///< per flow before each trial (request.learning)
  std::function<void(const std::string&)> warn;  ///< warnings for people (may be empty)
};

/// Drones by address (as the flows name them); the caller owns the connections.
using DroneMap = std::map<std::string, client::DroneConnection*>;

class DroneTrialExecutor final : public TrialExecutor {
 public:
  /// Lists every drone's ports, checks the flows' ports exist, turns receive tracking on where
  /// it is off (and interleaved sending on a port with several flows), and checks the sending
  /// drones' clocks agree. `ipVersion` 4 or 6.
  static Result<std::unique_ptr<DroneTrialExecutor>> open(const DroneMap& drones, std::vector<Flow> flows,
                                                          unsigned ipVersion, DroneExecutorSettings settings);

  Status prepare(const FrameSize& size, const BenchmarkConfig& config) override;
  Result<TrialResult> run(const TrialRequest& request) override;
  /// The drones show "TEST SIZE" and the trial's number and load while its ports send.
  void nextTrial(uint32_t number, std::string_view test) override;

  /// The sending ports' line rate (the lowest of them, bits per second with the 20-byte overhead).
  double lineRateBps() const { return lineRateBps_; }
  const std::vector<Flow>& flows() const { return flows_; }
  /// "drone: va -> vb" lines: how the ports are joined (a calibration's setup).
  std::string describeFlows() const;

 private:
  DroneTrialExecutor() = default;
  Status configurePorts();
  Status load(const FlowPace& pace);
  Status learn();
  /// Starts the sending ports at one T0 a margin ahead (the margin doubles when it proved too short).
  Status startAtT0(PortStart how, double& aheadSeconds);
  void stopAll();
  /// The trial's counts once its receivers have settled.
  Result<TrialResult> settledCounts(const TrialRequest& q);
  /// Ports by drone: the sending ones, and every one the flows touch.
  std::map<std::string, std::vector<std::string>> sending() const;
  std::map<std::string, std::vector<std::string>> touched() const;

  DroneMap drones_;
  std::vector<Flow> flows_;
  std::vector<FlowAddressing> addressing_;
  std::map<std::string, std::map<std::string, v1::Port>> ports_;  ///< drone -> port -> as listed
  unsigned ipVersion_ = 4;
  DroneExecutorSettings settings_;
  double lineRateBps_ = 0;
  FrameSize size_;
  bool boundCatchUp_ = false;  ///< the config's trial.bound_catch_up
  std::string loaded_;  ///< what the ports hold now (size, pace), to skip reloading the same
  uint32_t trialNumber_ = 0;  ///< the next trial's number in the result (0: not told)
  std::string trialTest_;     ///< and its test
};

}  // namespace staccato::bench
