#include "client/widgets/drone_y1564_factory.h"

#include <algorithm>

#include "client/core/benchmark_drone/y1564_drone_executor.h"
#include "client/widgets/benchmark_drones.h"

namespace staccato::client {
namespace {

/// The drone executor with the connections it runs over, which must outlive it.
class ConnectedExecutor : public bench::Y1564Executor {
 public:
  ConnectedExecutor(std::shared_ptr<BenchmarkDrones> drones, std::unique_ptr<bench::Y1564DroneExecutor> executor)
      : drones_(std::move(drones)), executor_(std::move(executor)) {}

  Result<bench::Y1564Measurement> runStep(const bench::Y1564Config& config, const bench::Y1564Step& step) override {
    return executor_->runStep(config, step);
  }
  Result<std::vector<bench::Y1564ServiceRun>> runPerformance(const bench::Y1564Config& config, double seconds,
                                                             const bench::Y1564Hooks& hooks) override {
    return executor_->runPerformance(config, seconds, hooks);
  }

 private:
  std::shared_ptr<BenchmarkDrones> drones_;  ///< declared first: destroyed after the executor
  std::unique_ptr<bench::Y1564DroneExecutor> executor_;
};

bench::Endpoint endpoint(const PortRef& port) { return {port.drone.toStdString(), port.port}; }

}  // namespace

Result<Y1564ExecutorFactory::Opener> DroneY1564Factory::create(const bench::Y1564Config& config, const Y1564Target& target) {
  const bench::Endpoint tx = endpoint(target.tx), rx = endpoint(target.rx);
  const bench::Endpoint via = target.via.port.empty() ? bench::Endpoint{} : endpoint(target.via);
  std::vector<std::string> keys{tx.drone};
  for (const bench::Endpoint* e : {&rx, &via})
    if (!e->port.empty() && std::find(keys.begin(), keys.end(), e->drone) == keys.end()) keys.push_back(e->drone);
  auto drones = BenchmarkDrones::of(*workspace_, keys);
  if (!drones) return drones.error();
  bench::DroneExecutorSettings settings;
  settings.warn = benchmarkWarnings(workspace_, "Y.1564");
  settings.reflect = target.reflect;
  // The opener is a std::function (copyable): the drones travel in a shared_ptr.
  auto shared = std::make_shared<BenchmarkDrones>(std::move(*drones));
  return Opener([shared, config, tx, rx, via, ipVersion = target.ipVersion, settings]() -> Result<OpenedY1564Executor> {
    if (auto s = shared->connect(); !s) return s.error();
    auto e = bench::Y1564DroneExecutor::open(shared->map(), config, tx, rx, ipVersion, settings, via);
    if (!e) return e.error();
    const double lineRate = (*e)->lineRateBps();
    return OpenedY1564Executor{std::make_unique<ConnectedExecutor>(shared, std::move(*e)), lineRate};
  });
}

}  // namespace staccato::client
