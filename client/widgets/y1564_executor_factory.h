#pragma once
/// The seam between the Y.1564 page and the tester, as BenchmarkExecutorFactory is for RFC 2544:
/// the page knows the config and which port sends and which receives; the factory makes the
/// Y1564Executor that drives them and says the sending port's line rate (which the steps are
/// clipped to). The product binds the drones (DroneY1564Factory, in the app); tests bind a
/// simulated device.
#include <functional>
#include <memory>

#include "client/core/benchmark/y1564_runner.h"
#include "client/widgets/workspace.h"
#include "rpc/names/backend_names.h"

namespace staccato::client {

/// Where a Y.1564 test runs, as picked from the port tree.
struct Y1564Target {
  PortRef tx, rx;
  unsigned ipVersion = 4;  ///< of the frames the services send: 4 or 6
  PortRef via;             ///< the reflector; none (port "") unless through one: then rx is tx
  /// What the reflector swaps, set on it when it does not reflect yet.
  v1::PortConfig::Reflect reflect = rpc::kDefaultReflect;
};

/// An executor ready to run its first step, and the line rate of its sending port (bits per
/// second with the 20-byte overhead).
struct OpenedY1564Executor {
  std::unique_ptr<bench::Y1564Executor> executor;
  double lineRateBps = 0;
};

class Y1564ExecutorFactory {
 public:
  /// Opens the executor; called once, on the test's worker thread (connecting to the drones and
  /// checking their ports may take seconds). Its error ends the run before any step.
  using Opener = std::function<Result<OpenedY1564Executor>()>;

  virtual ~Y1564ExecutorFactory() = default;
  /// Called on the GUI thread when Run is pressed, so it may read the Workspace (sessions'
  /// addresses); it must not block. An error is shown and nothing runs.
  virtual Result<Opener> create(const bench::Y1564Config& config, const Y1564Target& target) = 0;
};

}  // namespace staccato::client
