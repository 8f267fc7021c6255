#pragma once
/// The benchmark's TrialExecutor over real drones (client/core/benchmark/trial_executor.h): each
/// flow a tracked UDP stream; a trial sends learning frames (and resolves the emulated hosts'
/// gateways) first when asked, loads the trial's rate, clears the counters, starts every flow on
/// every drone at one T0 (StartTx start_time_ns), stops after the trial, waits for frames in
/// flight and reads the counters once they settle (never mid-trial). The ports' streams are
/// replaced while it runs.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "client/core/benchmark/trial_executor.h"
#include "client/core/benchmark_drone/bench_ports.h"

namespace staccato::bench {

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
  double lineRateBps() const { return ports_.lineRateBps(); }
  const std::vector<Flow>& flows() const { return ports_.flows(); }
  /// "drone: va -> vb" lines: how the ports are joined (a calibration's setup).
  std::string describeFlows() const { return ports_.describeFlows(); }

 private:
  explicit DroneTrialExecutor(BenchPorts ports) : ports_(std::move(ports)) {}
  Status load(const FlowPace& pace);
  Status learn();

  BenchPorts ports_;
  FrameSize size_;
  bool boundCatchUp_ = false;  ///< the config's trial.bound_catch_up
  std::string loaded_;  ///< what the ports hold now (size, pace), to skip reloading the same
  uint32_t trialNumber_ = 0;  ///< the next trial's number in the result (0: not told)
  std::string trialTest_;     ///< and its test
};

}  // namespace staccato::bench
