// BenchPorts' setup: the drones' ports, receive tracking, each flow's addressing, the sending drones' clocks.
#include "client/core/benchmark_drone/bench_ports.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace staccato::bench {
namespace {

void addOnce(std::vector<std::string>& ports, const std::string& port) {
  if (std::find(ports.begin(), ports.end(), port) == ports.end()) ports.push_back(port);
}

}  // namespace

Result<BenchPorts> BenchPorts::open(const DroneMap& drones, std::vector<Flow> flows, unsigned ipVersion,
                                    DroneExecutorSettings settings) {
  if (ipVersion != 4 && ipVersion != 6) return makeError("ip_version", std::to_string(ipVersion) + " is not 4 or 6");
  BenchPorts p;
  p.drones_ = drones;
  p.flows_ = std::move(flows);
  p.ipVersion_ = ipVersion;
  p.settings_ = std::move(settings);
  for (const std::string& address : dronesOf(p.flows_)) {
    auto d = drones.find(address);
    if (d == drones.end() || !d->second) return makeError(address, "no connection to this drone");
    auto listed = listPorts(*d->second);
    if (!listed) return listed.error();
    for (const v1::Port& port : listed->ports()) p.ports_[address][port.name()] = port;
  }
  for (const Flow& f : p.flows_)
    for (const Endpoint& end : {f.tx, f.rx, f.via}) {
      const auto& table = p.ports_[end.drone];
      if (end.port.empty() || table.count(end.port)) continue;
      std::string names;
      for (const auto& [name, port] : table) names += (names.empty() ? "" : ", ") + name;
      return makeError(end.port, "is not a port of drone " + end.drone + " (it has: " + names + ")");
    }
  if (auto s = p.configurePorts(); !s) return s.error();
  p.lineRateBps_ = INFINITY;
  for (size_t i = 0; i < p.flows_.size(); ++i) {
    const Flow& f = p.flows_[i];
    p.lineRateBps_ = std::min(p.lineRateBps_, p.lineRateBpsOf(f.tx));
    auto a = flowAddressing(p.port(f.tx), p.port(f.farEnd()), ipVersion, i);
    if (!a) return a.error();
    p.addressing_.push_back(*a);
  }
  // Several sending drones start at one wall-clock T0: only as together as their clocks agree.
  const auto senders = p.sending();
  if (senders.size() > 1) {
    std::vector<std::pair<std::string, v1::ClockState>> clocks;
    for (const auto& [address, ports] : senders) {
      auto clock = client::readDroneClock(p.drone(address));
      if (!clock) return clock.error();
      clocks.emplace_back(address, *clock);
    }
    if (auto s = client::checkClocks(clocks, p.settings_.clockToleranceNs); !s) {
      if (!p.settings_.unsynchronizedStart) return s.error();
      if (p.settings_.warn) p.settings_.warn(s.error().message + "; starting anyway (unsynchronized start allowed)");
    }
  }
  return p;
}

Status BenchPorts::configurePorts() {
  std::map<std::pair<std::string, std::string>, unsigned> sends;
  std::set<std::pair<std::string, std::string>> receives, reflects;
  for (const Flow& f : flows_) {
    ++sends[{f.tx.drone, f.tx.port}];
    receives.insert({f.rx.drone, f.rx.port});
    if (f.reflected()) reflects.insert({f.via.drone, f.via.port});
  }
  for (auto& [drone, table] : ports_)
    for (auto& [name, port] : table) {
      v1::PortConfig config = port.config();
      // Counting needs the receive engine; several flows on one port must send at once.
      if (receives.count({drone, name})) {
        config.set_track_rx(true);
        config.set_reflect(v1::PortConfig::REFLECT_OFF);  // a reflector counts nothing
      }
      // A reflector already reflecting keeps its depth; one that is not reflects as the settings say.
      if (reflects.count({drone, name}) && config.reflect() == v1::PortConfig::REFLECT_OFF) config.set_reflect(settings_.reflect);
      if (sends[{drone, name}] > 1) config.set_tx_mode(v1::PortConfig::INTERLEAVED);
      if (config.SerializeAsString() == port.config().SerializeAsString()) continue;
      const bool reflecting = config.reflect() != port.config().reflect();
      if (auto s = configurePort(*drones_.at(drone), name, config); !s)
        return portError(name, drone, s.error(), reflecting ? "setting it to reflect" : "configuring it to count the benchmark's frames");
      *port.mutable_config() = config;
    }
  return Ok{};
}

PortsByDrone BenchPorts::sending() const {
  PortsByDrone out;
  for (const Flow& f : flows_) addOnce(out[f.tx.drone], f.tx.port);
  return out;
}

PortsByDrone BenchPorts::touched() const {
  PortsByDrone out;
  for (const Flow& f : flows_)
    for (const Endpoint& end : {f.tx, f.rx, f.via})
      if (!end.port.empty()) addOnce(out[end.drone], end.port);
  return out;
}

std::string BenchPorts::describeFlows() const {
  std::string out;
  for (const Flow& f : flows_) {
    out += (out.empty() ? "" : "; ") + f.tx.port + "@" + f.tx.drone + " -> ";
    if (f.reflected()) out += f.via.port + (f.via.drone != f.tx.drone ? "@" + f.via.drone : "") + " (reflector) -> ";
    out += f.rx.port;
    if (f.rx.drone != f.tx.drone) out += "@" + f.rx.drone;
  }
  return out;
}

}  // namespace staccato::bench
