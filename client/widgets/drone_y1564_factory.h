#pragma once
/// The Y.1564 page bound to the drones: the Y.1564 drone executor (client/core/benchmark_drone,
/// the one the CLI uses) over connections of its own to the drones of the chosen ports, with the
/// sessions' addresses and credentials (BenchmarkDrones, as the Benchmark page's). Its warnings
/// go to the Workspace's log.
#include "client/widgets/y1564_executor_factory.h"

namespace staccato::client {

class DroneY1564Factory : public Y1564ExecutorFactory {
 public:
  explicit DroneY1564Factory(Workspace* workspace) : workspace_(workspace) {}
  /// A port of a drone no session holds is an error.
  Result<Opener> create(const bench::Y1564Config& config, const Y1564Target& target) override;

 private:
  Workspace* workspace_;
};

}  // namespace staccato::client
