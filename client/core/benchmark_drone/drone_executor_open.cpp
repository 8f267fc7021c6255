// DroneTrialExecutor's setup: the drones' ports, receive tracking, the sending drones' clocks.
#include <algorithm>
#include <cmath>
#include <set>

#include "client/core/benchmark_drone/drone_executor.h"
#include "client/core/benchmark_drone/drone_steps.h"

namespace staccato::bench {

Result<std::unique_ptr<DroneTrialExecutor>> DroneTrialExecutor::open(const DroneMap& drones, std::vector<Flow> flows,
                                                                     unsigned ipVersion, DroneExecutorSettings settings) {
  if (ipVersion != 4 && ipVersion != 6) return makeError("ip_version", std::to_string(ipVersion) + " is not 4 or 6");
  std::unique_ptr<DroneTrialExecutor> e(new DroneTrialExecutor);
  e->drones_ = drones;
  e->flows_ = std::move(flows);
  e->ipVersion_ = ipVersion;
  e->settings_ = std::move(settings);
  for (const std::string& address : dronesOf(e->flows_)) {
    auto d = drones.find(address);
    if (d == drones.end() || !d->second) return makeError(address, "no connection to this drone");
    auto listed = listPorts(*d->second);
    if (!listed) return listed.error();
    for (const v1::Port& p : listed->ports()) e->ports_[address][p.name()] = p;
  }
  for (const Flow& f : e->flows_)
    for (const Endpoint& end : {f.tx, f.rx}) {
      const auto& table = e->ports_[end.drone];
      if (table.count(end.port)) continue;
      std::string names;
      for (const auto& [name, port] : table) names += (names.empty() ? "" : ", ") + name;
      return makeError(end.port, "is not a port of drone " + end.drone + " (it has: " + names + ")");
    }
  if (auto s = e->configurePorts(); !s) return s.error();
  e->lineRateBps_ = INFINITY;
  for (size_t i = 0; i < e->flows_.size(); ++i) {
    const Flow& f = e->flows_[i];
    const v1::Port& tx = e->ports_[f.tx.drone][f.tx.port];
    e->lineRateBps_ = std::min(e->lineRateBps_, tx.line_rate_bps() > 0 ? tx.line_rate_bps() : 10e9);
    auto a = flowAddressing(tx, e->ports_[f.rx.drone][f.rx.port], ipVersion, i);
    if (!a) return a.error();
    e->addressing_.push_back(*a);
  }
  // Several sending drones start at one wall-clock T0: only as together as their clocks agree.
  const auto senders = e->sending();
  if (senders.size() > 1) {
    std::vector<std::pair<std::string, v1::ClockState>> clocks;
    for (const auto& [address, ports] : senders) {
      auto clock = client::readDroneClock(*e->drones_.at(address));
      if (!clock) return clock.error();
      clocks.emplace_back(address, *clock);
    }
    if (auto s = client::checkClocks(clocks, e->settings_.clockToleranceNs); !s) {
      if (!e->settings_.unsynchronizedStart) return s.error();
      if (e->settings_.warn) e->settings_.warn(s.error().message + "; starting anyway (unsynchronized start allowed)");
    }
  }
  return e;
}

Status DroneTrialExecutor::configurePorts() {
  std::map<std::pair<std::string, std::string>, unsigned> sends;
  std::set<std::pair<std::string, std::string>> receives;
  for (const Flow& f : flows_) {
    ++sends[{f.tx.drone, f.tx.port}];
    receives.insert({f.rx.drone, f.rx.port});
  }
  for (auto& [drone, table] : ports_)
    for (auto& [name, port] : table) {
      v1::PortConfig config = port.config();
      // Counting needs the receive engine; several flows on one port must send at once.
      if (receives.count({drone, name})) config.set_track_rx(true);
      if (sends[{drone, name}] > 1) config.set_tx_mode(v1::PortConfig::INTERLEAVED);
      if (config.SerializeAsString() == port.config().SerializeAsString()) continue;
      if (auto s = configurePort(*drones_.at(drone), name, config); !s) return portError(name, drone, s.error(), "configuring it to count the benchmark's frames");
      *port.mutable_config() = config;
    }
  return Ok{};
}

std::map<std::string, std::vector<std::string>> DroneTrialExecutor::sending() const {
  std::map<std::string, std::vector<std::string>> out;
  for (const Flow& f : flows_) {
    auto& ports = out[f.tx.drone];
    if (std::find(ports.begin(), ports.end(), f.tx.port) == ports.end()) ports.push_back(f.tx.port);
  }
  return out;
}

std::map<std::string, std::vector<std::string>> DroneTrialExecutor::touched() const {
  std::map<std::string, std::vector<std::string>> out;
  for (const Flow& f : flows_)
    for (const Endpoint& end : {f.tx, f.rx}) {
      auto& ports = out[end.drone];
      if (std::find(ports.begin(), ports.end(), end.port) == ports.end()) ports.push_back(end.port);
    }
  return out;
}

std::string DroneTrialExecutor::describeFlows() const {
  std::string out;
  for (const Flow& f : flows_) {
    out += (out.empty() ? "" : "; ") + f.tx.port + "@" + f.tx.drone + " -> " + f.rx.port;
    if (f.rx.drone != f.tx.drone) out += "@" + f.rx.drone;
  }
  return out;
}

}  // namespace staccato::bench
