#pragma once
/// The drones a benchmark (RFC 2544 or Y.1564) runs on, as the Workspace's sessions know them:
/// their addresses with credentials, taken on the GUI thread when Run is pressed, and
/// connections of the benchmark's own to them, opened on its worker thread (connecting may
/// take seconds) and living as long as its executor.
#include <QString>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "client/core/benchmark_drone/bench_ports.h"
#include "client/widgets/workspace.h"

namespace staccato::client {

class BenchmarkDrones {
 public:
  /// The sessions' addresses of the drones `keys` name; a key no session holds is an error.
  static Result<BenchmarkDrones> of(const Workspace& workspace, const std::vector<std::string>& keys);
  /// Connects to every drone, once (the worker thread).
  Status connect();
  /// The connections by drone key (empty before connect()).
  const bench::DroneMap& map() const { return map_; }

 private:
  std::map<std::string, DroneAddress> addresses_;
  std::vector<std::unique_ptr<DroneConnection>> connections_;
  bench::DroneMap map_;
};

/// The executors' warnings, said on the worker thread, as `source` lines in the Workspace's log.
std::function<void(const std::string&)> benchmarkWarnings(Workspace* workspace, const QString& source);

}  // namespace staccato::client
