#include "client/widgets/drone_benchmark_factory.h"

#include "client/core/benchmark_drone/drone_executor.h"
#include "client/widgets/benchmark_drones.h"

namespace staccato::client {
namespace {

/// Connects and opens the drone executor on the first prepare() (the worker thread), then
/// hands every call to it. The connections live as long as it does.
class OpeningExecutor : public bench::TrialExecutor {
 public:
  OpeningExecutor(BenchmarkDrones drones, std::vector<bench::Flow> flows, unsigned ipVersion, bench::DroneExecutorSettings settings)
      : drones_(std::move(drones)), flows_(std::move(flows)), ipVersion_(ipVersion), settings_(std::move(settings)) {}

  Status prepare(const bench::FrameSize& size, const bench::BenchmarkConfig& config) override {
    if (!executor_) {
      if (auto s = drones_.connect(); !s) return s;
      auto e = bench::DroneTrialExecutor::open(drones_.map(), flows_, ipVersion_, settings_);
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
  BenchmarkDrones drones_;
  std::vector<bench::Flow> flows_;
  unsigned ipVersion_;
  bench::DroneExecutorSettings settings_;
  std::unique_ptr<bench::DroneTrialExecutor> executor_;
};

}  // namespace

Result<PreparedExecutor> DroneBenchmarkFactory::create(const bench::BenchmarkConfig& config, const BenchmarkTarget& target) {
  auto flows = bench::flowsOf(config, kDefaultDroneTarget);
  if (!flows) return flows.error();
  auto drones = BenchmarkDrones::of(*workspace_, bench::dronesOf(*flows));
  if (!drones) return drones.error();
  bench::DroneExecutorSettings settings;
  settings.warn = benchmarkWarnings(workspace_, "benchmark");
  settings.reflect = target.reflect;  // the config's pairs name the reflectors
  PreparedExecutor p;
  p.executor = std::make_unique<OpeningExecutor>(std::move(*drones), std::move(*flows), config.ipVersion, std::move(settings));
  return p;
}

}  // namespace staccato::client
