#include "client/widgets/drone_rfc2889_factory.h"

#include <algorithm>
#include <memory>

#include "client/widgets/benchmark_drones.h"

namespace staccato::client {
namespace {

/// A drone probe with the connections it runs over, which must outlive it.
template <class Probe>
struct ConnectedProbe {
  std::shared_ptr<BenchmarkDrones> drones;  ///< declared first: destroyed after the probe
  std::unique_ptr<Probe> probe;
};

bench::Endpoint endpoint(const PortRef& port) { return {port.drone.toStdString(), port.port}; }

Result<OpenedRfc2889Probe> openAddressProbe(std::shared_ptr<BenchmarkDrones> drones, const Rfc2889Setup& setup,
                                            const std::vector<bench::Endpoint>& ports, bench::DroneExecutorSettings settings) {
  if (ports.size() != 3) return makeError("ports", "an address test runs on three ports: learning, test and monitor");
  auto probe = bench::DroneAddressProbe::open(drones->map(), {ports[0], ports[1], ports[2]}, std::move(settings), setup.address);
  if (!probe) return probe.error();
  auto held = std::make_shared<ConnectedProbe<bench::DroneAddressProbe>>(std::move(drones), std::move(*probe));
  OpenedRfc2889Probe opened;
  opened.address = [held](uint64_t addresses, double pps) { return held->probe->trial(addresses, pps); };
  return opened;
}

Result<OpenedRfc2889Probe> openTrafficProbe(std::shared_ptr<BenchmarkDrones> drones, const Rfc2889Setup& setup,
                                            const std::vector<bench::Endpoint>& ports, bench::DroneExecutorSettings settings) {
  auto probe = bench::DroneTrafficProbe::open(drones->map(), setup.pattern(), ports, std::move(settings), setup.traffic);
  if (!probe) return probe.error();
  auto held = std::make_shared<ConnectedProbe<bench::DroneTrafficProbe>>(std::move(drones), std::move(*probe));
  OpenedRfc2889Probe opened;
  opened.lineRateBps = held->probe->lineRateBps();
  opened.traffic = [held](double load) { return held->probe->trial(load); };
  return opened;
}

}  // namespace

Result<Rfc2889ProbeFactory::Opener> DroneRfc2889Factory::create(const Rfc2889Setup& setup) {
  std::vector<bench::Endpoint> ports;
  std::vector<std::string> keys;
  for (const PortRef& p : setup.ports) {
    ports.push_back(endpoint(p));
    if (std::find(keys.begin(), keys.end(), ports.back().drone) == keys.end()) keys.push_back(ports.back().drone);
  }
  auto drones = BenchmarkDrones::of(*workspace_, keys);
  if (!drones) return drones.error();
  bench::DroneExecutorSettings settings;
  settings.warn = benchmarkWarnings(workspace_, "RFC 2889");
  // The opener is a std::function (copyable): the drones travel in a shared_ptr.
  auto shared = std::make_shared<BenchmarkDrones>(std::move(*drones));
  return Opener([shared, setup, ports, settings]() -> Result<OpenedRfc2889Probe> {
    if (auto s = shared->connect(); !s) return s.error();
    return setup.addressTest() ? openAddressProbe(shared, setup, ports, settings) : openTrafficProbe(shared, setup, ports, settings);
  });
}

}  // namespace staccato::client
