#pragma once
/// The Benchmark page bound to the drones: the drone executor (client/core/benchmark_drone, the
/// one the CLI uses) over connections of its own to the drones the chosen ports belong to, with
/// the sessions' addresses and credentials. Opening it lists the ports and checks the clocks, so
/// that happens on the benchmark's worker thread, before the first frame size; its warnings go
/// to the Workspace's log.
#include "client/widgets/benchmark_executor_factory.h"

namespace staccato::client {

class DroneBenchmarkFactory : public BenchmarkExecutorFactory {
 public:
  explicit DroneBenchmarkFactory(Workspace* workspace) : workspace_(workspace) {}
  /// Config's ports are "PORT@DRONE" with the sessions' keys (BenchmarkForm names them so); a
  /// drone no session holds is an error. No calibration: the page may load one.
  Result<PreparedExecutor> create(const bench::BenchmarkConfig& config, const BenchmarkTarget& target) override;

 private:
  Workspace* workspace_;
};

}  // namespace staccato::client
