// DroneTrialExecutor's trials: learn, load the rate, clear, start at T0, wait, stop, drain, read once.
#include "client/core/benchmark_drone/drone_executor.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

#include "client/core/benchmark/tester_rule.h"
#include "client/core/benchmark_drone/trial_counts.h"
#include "client/core/drone_call.h"
#include "rpc/message_limits.h"

namespace staccato::bench {
namespace {

using Clock = std::chrono::steady_clock;

/// Learning frames go at this rate (slow enough for any device to take them all), or faster when
/// there are many hosts: all of them within kLearningSeconds.
constexpr double kLearningPps = 1000;
constexpr double kLearningSeconds = 0.1;
/// Reading again while a receiver still counts: this often, at most this long.
constexpr auto kSettleStep = std::chrono::milliseconds(200);
constexpr double kMaxSettleSeconds = 10;
/// A start margin never grows beyond this (the drone refuses starts more than an hour ahead).
constexpr double kMaxStartMarginSeconds = 5;

Clock::duration seconds(double s) { return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s)); }

}  // namespace

Status DroneTrialExecutor::prepare(const FrameSize& size, const BenchmarkConfig& config) {
  if (config.ipVersion != ipVersion_)
    return makeError("ip_version", "the executor was opened for IPv" + std::to_string(ipVersion_));
  size_ = size;
  boundCatchUp_ = config.trial.boundCatchUp;
  loaded_.clear();
  // Load the size's streams now: a frame too short for the headers and the signature is refused
  // here, before any trial.
  return load({kLearningPps, 0});
}

Status DroneTrialExecutor::load(const FlowPace& pace) {
  const std::string key = size_.label() + "/" + std::to_string(pace.pps) + "/" + std::to_string(pace.frames);
  if (key == loaded_) return Ok{};
  loaded_.clear();
  std::map<std::pair<std::string, std::string>, rpc::Streams> perPort;
  for (size_t i = 0; i < flows_.size(); ++i)
    *perPort[{flows_[i].tx.drone, flows_[i].tx.port}].Add() = flowStream(flows_[i], addressing_[i], ipVersion_, size_, pace);
  for (const auto& [where, streams] : perPort)
    if (auto s = loadStreams(*drones_.at(where.first), where.second, streams); !s)
      return portError(where.second, where.first, s.error());
  loaded_ = key;
  return Ok{};
}

Status DroneTrialExecutor::learn() {
  // Emulated hosts resolve their gateways (the device learns each of them), then every flow sends
  // a few frames so that the device has seen every address before the trial counts.
  for (const auto& [drone, ports] : touched())
    for (const std::string& port : ports)
      if (ports_.at(drone).at(port).config().devices_size() > 0)
        if (auto s = resolveGateways(*drones_.at(drone), port); !s) return portError(port, drone, s.error(), "resolving its gateways");
  if (!settings_.learningFrames) return Ok{};
  // At least one frame from every emulated host that sends (an L2 device learns each source).
  uint64_t frames = settings_.learningFrames;
  for (const FlowAddressing& a : addressing_) frames = std::max(frames, a.hosts);
  const double pps = std::max(kLearningPps, double(frames) / kLearningSeconds);
  if (auto s = load({pps, frames}); !s) return s.error();
  for (const auto& [drone, ports] : sending())
    if (auto s = startPorts(*drones_.at(drone), ports, {}); !s) return portError(ports.front(), drone, s.error(), "sending learning frames");
  std::this_thread::sleep_for(seconds(double(frames) / pps + 0.1));
  stopAll();
  return Ok{};
}

Status DroneTrialExecutor::startAtT0(PortStart how, double& aheadSeconds) {
  const auto senders = sending();
  for (int attempt = 0;; ++attempt) {
    // T0 on the first sending drone's clock (the others' were checked to agree).
    client::DroneConnection& first = *drones_.at(senders.begin()->first);
    const auto asked = Clock::now();
    auto clock = client::readDroneClock(first);
    if (!clock) return clock.error();
    const auto answered = Clock::now();
    const uint64_t margin = uint64_t(settings_.startMarginSeconds * 1e9);
    how.atNs = clock->now_ns() + uint64_t((answered - asked).count()) / 2 + margin;
    Status started = Ok{};
    for (const auto& [drone, ports] : senders)
      if (started = startPorts(*drones_.at(drone), ports, how); !started) break;
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

void DroneTrialExecutor::stopAll() {
  for (const auto& [drone, ports] : sending()) (void)stopPorts(*drones_.at(drone), ports);
}

void DroneTrialExecutor::nextTrial(uint32_t number, std::string_view test) {
  trialNumber_ = number;
  trialTest_ = test;
}

Result<TrialResult> DroneTrialExecutor::run(const TrialRequest& q) {
  if (q.pps <= 0 || !std::isfinite(q.pps)) return makeError("pps", "a trial needs a rate above 0");
  if (q.learning)
    if (auto s = learn(); !s) return s.error();
  const bool burst = q.kind == TrialKind::kBurst;
  if (auto s = load({q.pps, burst ? std::max<uint64_t>(1, q.burstFrames) : 0}); !s) return s.error();
  for (const auto& [drone, ports] : touched())
    if (auto s = clearStats(*drones_.at(drone), ports); !s) return s.error();

  const double ramp = burst ? 0 : q.rampSeconds;
  const double sendSeconds = ramp + q.durationSeconds;  // a burst's duration includes its drain
  // A lease: a client that dies mid-trial does not leave the ports sending.
  PortStart how;
  how.leaseSeconds = uint32_t(std::clamp(std::ceil(sendSeconds + settings_.startMarginSeconds) + 30, 30.0, 3600.0));
  how.rampMs = uint32_t(std::lround(ramp * 1000));
  // Bounded, a sender that falls behind (its core taken for a while) catches up no more than a burst
  // the tester rule still trusts: the rest lowers the rate it offered, never bursts into the device.
  if (!burst && boundCatchUp_) how.maxCatchUpUs = uint32_t(senderPacingLimitNs(q.pps) / 1000);
  // The drones show which trial their ports send, and its load (their stats and metrics).
  how.run.set_name(((trialTest_.empty() ? "benchmark" : trialTest_) + " " + q.frameSize.label()).substr(0, rpc::kMaxRunLabelBytes));
  how.run.set_trial(trialNumber_);
  how.run.set_load(std::clamp(q.load, 0.0, 1.0));
  double ahead = 0;
  if (auto s = startAtT0(how, ahead); !s) return s.error();
  std::this_thread::sleep_for(seconds(std::max(0.0, ahead) + sendSeconds));
  for (const auto& [drone, ports] : sending())
    if (auto s = stopPorts(*drones_.at(drone), ports); !s) return s.error();
  std::this_thread::sleep_for(seconds(settings_.drainSeconds));
  return settledCounts(q);
}

Result<TrialResult> DroneTrialExecutor::settledCounts(const TrialRequest& q) {
  // The counters of a stopped trial, once. A receiver still busy with frames it was handed (a
  // loaded machine) would show loss that is not there: while frames are missing and the receive
  // count still moves, read again a little later, up to kMaxSettleSeconds.
  const auto giveUp = Clock::now() + seconds(kMaxSettleSeconds);
  TrialResult r;
  for (uint64_t before = UINT64_MAX;;) {
    DroneSnapshots snaps;
    for (const auto& [drone, ports] : touched()) {
      auto snap = readOnce(*drones_.at(drone), ports, q.latency);
      if (!snap) return snap.error();
      snaps[drone] = std::move(*snap);
    }
    r = TrialResult{};
    if (auto s = countTrial(flows_, snaps, q, r); !s) return s.error();
    if (r.rxFrames >= r.txFrames || r.rxFrames == before || Clock::now() >= giveUp) return r;
    before = r.rxFrames;
    std::this_thread::sleep_for(kSettleStep);
  }
}

}  // namespace staccato::bench
