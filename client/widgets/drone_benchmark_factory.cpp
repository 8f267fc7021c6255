#include "client/widgets/drone_benchmark_factory.h"

#include <map>

#include "client/core/benchmark_drone/drone_executor.h"
#include "client/models/qs.h"

namespace staccato::client {
namespace {

/// Connects and opens the drone executor on the first prepare() (the worker thread), then
/// hands every call to it. The connections live as long as it does.
class OpeningExecutor : public bench::TrialExecutor {
 public:
  OpeningExecutor(std::map<std::string, DroneAddress> drones, std::vector<bench::Flow> flows, unsigned ipVersion,
                  bench::DroneExecutorSettings settings)
      : addresses_(std::move(drones)), flows_(std::move(flows)), ipVersion_(ipVersion), settings_(std::move(settings)) {}

  Status prepare(const bench::FrameSize& size, const bench::BenchmarkConfig& config) override {
    if (!executor_) {
      bench::DroneMap map;
      for (const auto& [key, address] : addresses_) {
        auto c = DroneConnection::open(address);
        if (!c) return c.error();
        map[key] = c->get();
        connections_.push_back(std::move(*c));
      }
      auto e = bench::DroneTrialExecutor::open(map, flows_, ipVersion_, settings_);
      if (!e) return e.error();
      executor_ = std::move(*e);
    }
    return executor_->prepare(size, config);
  }

  Result<bench::TrialResult> run(const bench::TrialRequest& request) override {
    if (!executor_) return makeError("", "the drone executor ran a trial before prepare()", ErrorKind::kInternal);
    return executor_->run(request);
  }

 private:
  std::map<std::string, DroneAddress> addresses_;
  std::vector<bench::Flow> flows_;
  unsigned ipVersion_;
  bench::DroneExecutorSettings settings_;
  std::vector<std::unique_ptr<DroneConnection>> connections_;
  std::unique_ptr<bench::DroneTrialExecutor> executor_;
};

}  // namespace

Result<PreparedExecutor> DroneBenchmarkFactory::create(const bench::BenchmarkConfig& config, const BenchmarkTarget&) {
  auto flows = bench::flowsOf(config, kDefaultDroneTarget);
  if (!flows) return flows.error();
  std::map<std::string, DroneAddress> drones;
  for (const std::string& key : bench::dronesOf(*flows)) {
    DroneSession* s = workspace_->session(qs(key));
    if (!s) return makeError(key, "no drone is connected at this address", ErrorKind::kNotFound);
    drones[key] = s->address();
  }
  bench::DroneExecutorSettings settings;
  // Called on the worker thread: the log line is posted to the Workspace's thread.
  settings.warn = [workspace = workspace_](const std::string& text) {
    QMetaObject::invokeMethod(workspace, [workspace, text] { emit workspace->log(LogLevel::kWarning, "benchmark", qs(text)); },
                              Qt::QueuedConnection);
  };
  PreparedExecutor p;
  p.executor = std::make_unique<OpeningExecutor>(std::move(drones), std::move(*flows), config.ipVersion, std::move(settings));
  return p;
}

}  // namespace staccato::client
