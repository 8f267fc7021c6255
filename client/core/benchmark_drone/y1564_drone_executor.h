#pragma once
/// Y.1564 over real drones (client/core/benchmark/y1564_runner.h): every service a tracked stream
/// (two for a colour-aware service: green up to CIR, yellow beyond) from one port to another,
/// through the device. A configuration step loads its service's streams alone, clears, starts at
/// T0, stops after the step, drains and reads the counters once they settle; the performance
/// test sends every service at CIR together and reads each second's counts while it runs (the
/// lease renewed, so a client that goes away stops the ports). The ports' streams are replaced.
#include <memory>
#include <optional>
#include <vector>

#include "client/core/benchmark/y1564_runner.h"
#include "client/core/benchmark_drone/bench_ports.h"

namespace staccato::bench {

class Y1564DroneExecutor final : public Y1564Executor {
 public:
  /// The ports `tx` and `rx` ready for `config`'s services: checked, counting, the emulated
  /// hosts' gateways resolved and a few learning frames of every service sent. Through a
  /// reflector `via` (port "" = none), `rx` is `tx`.
  static Result<std::unique_ptr<Y1564DroneExecutor>> open(const DroneMap& drones, const Y1564Config& config,
                                                          const Endpoint& tx, const Endpoint& rx, unsigned ipVersion,
                                                          DroneExecutorSettings settings, const Endpoint& via = {});

  Result<Y1564Measurement> runStep(const Y1564Config& config, const Y1564Step& step) override;
  Result<std::vector<Y1564ServiceRun>> runPerformance(const Y1564Config& config, double seconds,
                                                      const Y1564Hooks& hooks) override;

  /// The sending port's line rate (bits per second with the 20-byte overhead).
  double lineRateBps() const { return ports_.lineRateBps(); }

 private:
  /// A service's flows in the ports' list: green, and yellow for a colour-aware one.
  struct ServiceFlows {
    size_t green = 0;
    std::optional<size_t> yellow;
  };
  Y1564DroneExecutor(BenchPorts ports, std::vector<ServiceFlows> services)
      : ports_(std::move(ports)), services_(std::move(services)) {}
  Status learn(const Y1564Config& config);
  /// Starts what is loaded at T0 with a lease of `leaseSeconds`, labelled `label`, its senders
  /// catching up at most `maxCatchUpUs` (0: in full); waits for T0.
  Status startLabelled(const std::string& label, double leaseSeconds, uint32_t maxCatchUpUs);
  /// The flows of service `i`.
  std::vector<Flow> flowsOf(size_t i) const;

  BenchPorts ports_;
  std::vector<ServiceFlows> services_;
};

}  // namespace staccato::bench
