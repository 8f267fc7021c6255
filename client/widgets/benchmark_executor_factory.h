#pragma once
/// The seam between the Benchmark page and the tester: the page knows which ports of which
/// drones to use, the factory makes the TrialExecutor that drives them (the drone executor over
/// the drones' connections) and says which calibration to check trials against. The product
/// binds it in the app (MainWindow::setBenchmarkExecutorFactory); tests bind a simulated device.
#include <memory>
#include <vector>

#include "client/core/benchmark/trial_executor.h"
#include "client/widgets/workspace.h"
#include "rpc/names/backend_names.h"

namespace staccato::client {

/// The ports a benchmark runs on, as picked from the port tree.
struct BenchmarkTarget {
  struct Pair {
    PortRef tx, rx;
    PortRef reflector;  ///< none (port "") unless through a reflector: then rx is tx
  };
  std::vector<Pair> pairs;  ///< in the order of the config's portPairs
  /// What the reflectors swap, set on those that do not reflect yet.
  v1::PortConfig::Reflect reflect = rpc::kDefaultReflect;
};

/// An executor ready to run, with the calibration of its generator (empty when not calibrated:
/// then only the offered load is checked).
struct PreparedExecutor {
  std::unique_ptr<bench::TrialExecutor> executor;
  bench::Calibration calibration;
};

class BenchmarkExecutorFactory {
 public:
  virtual ~BenchmarkExecutorFactory() = default;
  /// Called on the GUI thread when Run is pressed, so it may read the Workspace (sessions'
  /// addresses); it must not block. The executor's prepare() and run() are then called on the
  /// benchmark's worker thread (connect, reserve and load streams there). An error is shown and
  /// nothing runs.
  virtual Result<PreparedExecutor> create(const bench::BenchmarkConfig& config, const BenchmarkTarget& target) = 0;
};

}  // namespace staccato::client
