// BenchPorts' runs: load, clear, start every sending port at one T0, stop, read once settled.
#include <algorithm>
#include <chrono>
#include <thread>

#include "client/core/benchmark_drone/bench_ports.h"
#include "client/core/drone_call.h"

namespace staccato::bench {
namespace {

using Clock = std::chrono::steady_clock;

/// Reading again while a receiver still counts: this often, at most this long.
constexpr auto kSettleStep = std::chrono::milliseconds(200);
constexpr auto kMaxSettle = std::chrono::seconds(10);
/// A start margin never grows beyond this (the drone refuses starts more than an hour ahead).
constexpr double kMaxStartMarginSeconds = 5;
/// Learning frames go at this rate (slow enough for any device to take them all), or faster when
/// there are many hosts: all of them within kLearningSeconds.
constexpr double kLearningPps = 1000;
constexpr double kLearningSeconds = 0.1;

}  // namespace

void sleepSeconds(double seconds) {
  if (seconds > 0) std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
}

Status BenchPorts::requireLayer2(const std::string& test) const {
  for (size_t f = 0; f < flows_.size(); ++f)
    if (addressing_[f].srcMac.find(':') == std::string::npos)
      return makeError(flows_[f].tx.port, "emulates hosts: " + test + " runs at layer 2, on ports without hosts");
  return Ok{};
}

Status BenchPorts::resolveGateways() {
  for (const auto& [address, ports] : touched())
    for (const std::string& name : ports)
      if (port({address, name}).config().devices_size() > 0)
        if (auto s = bench::resolveGateways(drone(address), name); !s) return portError(name, address, s.error(), "resolving its gateways");
  return Ok{};
}

FlowPace BenchPorts::learningPace() const {
  uint64_t frames = settings_.learningFrames;
  for (const FlowAddressing& a : addressing_) frames = std::max(frames, a.hosts);
  return {std::max(kLearningPps, double(frames) / kLearningSeconds), frames};
}

Status BenchPorts::sendLearning(const FlowPace& pace) {
  for (const auto& [address, ports] : sending())
    if (auto s = startPorts(drone(address), ports, {}); !s) return portError(ports.front(), address, s.error(), "sending learning frames");
  sleepSeconds(double(pace.frames) / pace.pps + 0.1);
  stopAll();
  return Ok{};
}

Status BenchPorts::load(const std::map<size_t, v1::Stream>& streams) {
  std::map<std::pair<std::string, std::string>, rpc::Streams> perPort;
  for (const auto& [drone, ports] : sending())
    for (const std::string& port : ports) perPort[{drone, port}];
  for (const auto& [flow, stream] : streams) *perPort[{flows_.at(flow).tx.drone, flows_.at(flow).tx.port}].Add() = stream;
  for (const auto& [where, list] : perPort)
    if (auto s = loadStreams(drone(where.first), where.second, list); !s) return portError(where.second, where.first, s.error());
  return Ok{};
}

Status BenchPorts::clear() {
  for (const auto& [address, ports] : touched())
    if (auto s = clearStats(drone(address), ports); !s) return s.error();
  return Ok{};
}

Status BenchPorts::startAtT0(PortStart how, double& aheadSeconds) {
  const auto senders = sending();
  for (int attempt = 0;; ++attempt) {
    // T0 on the first sending drone's clock (the others' were checked to agree).
    client::DroneConnection& first = drone(senders.begin()->first);
    const auto asked = Clock::now();
    auto clock = client::readDroneClock(first);
    if (!clock) return clock.error();
    const auto answered = Clock::now();
    const uint64_t margin = uint64_t(settings_.startMarginSeconds * 1e9);
    how.atNs = clock->now_ns() + uint64_t((answered - asked).count()) / 2 + margin;
    Status started = Ok{};
    leases_.clear();
    for (const auto& [address, ports] : senders) {
      auto lease = startPorts(drone(address), ports, how);
      if (!lease) {
        started = lease.error();
        break;
      }
      if (!lease->empty()) leases_[address] = *lease;
    }
    if (started) {
      aheadSeconds = double(how.atNs - clock->now_ns()) / 1e9 - std::chrono::duration<double>(Clock::now() - answered).count();
      return Ok{};
    }
    stopAll();
    if (!client::startWasLate(started.error()) || settings_.startMarginSeconds >= kMaxStartMarginSeconds || attempt >= 3)
      return started.error();
    settings_.startMarginSeconds = std::min(kMaxStartMarginSeconds, settings_.startMarginSeconds * 2);
    if (settings_.warn)
      settings_.warn("the start time passed before the drones armed it: the margin is now " +
                     std::to_string(int(settings_.startMarginSeconds * 1000)) + " ms");
  }
}

Status BenchPorts::renewLeases() {
  for (const auto& [address, id] : leases_)
    if (auto s = renewLease(drone(address), id); !s) return s.error().withPrefix("renewing the lease of the ports sending on " + address);
  return Ok{};
}

Status BenchPorts::stop() {
  for (const auto& [address, ports] : sending())
    if (auto s = stopPorts(drone(address), ports); !s) return s.error();
  return Ok{};
}

void BenchPorts::stopAll() {
  for (const auto& [address, ports] : sending()) (void)stopPorts(drone(address), ports);
}

Result<DroneSnapshots> BenchPorts::read(bool latency) {
  DroneSnapshots snaps;
  for (const auto& [address, ports] : touched()) {
    auto snap = readOnce(drone(address), ports, latency);
    if (!snap) return snap.error();
    snaps[address] = std::move(*snap);
  }
  return snaps;
}

Result<DroneSnapshots> BenchPorts::stopAndSettle(bool latency) {
  if (auto s = stop(); !s) return s.error();
  sleepSeconds(settings_.drainSeconds);
  const auto giveUp = Clock::now() + kMaxSettle;
  for (uint64_t before = UINT64_MAX;;) {
    auto snaps = read(latency);
    if (!snaps) return snaps.error();
    TrialResult r;
    if (auto s = countTrial(flows_, *snaps, TrialRequest{}, r); !s) return s.error();
    if (r.rxFrames >= r.txFrames || r.rxFrames == before || Clock::now() >= giveUp) return snaps;
    before = r.rxFrames;
    std::this_thread::sleep_for(kSettleStep);
  }
}

}  // namespace staccato::bench
