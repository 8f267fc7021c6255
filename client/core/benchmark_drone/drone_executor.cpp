// DroneTrialExecutor's trials: learn, load the rate, clear, start at T0, wait, stop, drain, read once.
#include "client/core/benchmark_drone/drone_executor.h"

#include <algorithm>
#include <cmath>

#include "client/core/benchmark/tester_rule.h"
#include "client/core/benchmark_drone/trial_counts.h"
#include "client/core/drone_call.h"
#include "rpc/message_limits.h"

namespace staccato::bench {
namespace {

/// Streams loaded before the first trial, to refuse a frame too short for its headers then.
constexpr FlowPace kFirstLoad{1000, 0};

}  // namespace

Result<std::unique_ptr<DroneTrialExecutor>> DroneTrialExecutor::open(const DroneMap& drones, std::vector<Flow> flows,
                                                                     unsigned ipVersion, DroneExecutorSettings settings) {
  auto ports = BenchPorts::open(drones, std::move(flows), ipVersion, std::move(settings));
  if (!ports) return ports.error();
  return std::unique_ptr<DroneTrialExecutor>(new DroneTrialExecutor(std::move(*ports)));
}

Status DroneTrialExecutor::prepare(const FrameSize& size, const BenchmarkConfig& config) {
  if (config.ipVersion != ports_.ipVersion())
    return makeError("ip_version", "the executor was opened for IPv" + std::to_string(ports_.ipVersion()));
  size_ = size;
  boundCatchUp_ = config.trial.boundCatchUp;
  loaded_.clear();
  // Load the size's streams now: a frame too short for the headers and the signature is refused
  // here, before any trial.
  return load(kFirstLoad);
}

Status DroneTrialExecutor::load(const FlowPace& pace) {
  const std::string key = size_.label() + "/" + std::to_string(pace.pps) + "/" + std::to_string(pace.frames);
  if (key == loaded_) return Ok{};
  loaded_.clear();
  std::map<size_t, v1::Stream> streams;
  for (size_t i = 0; i < ports_.flows().size(); ++i)
    streams[i] = flowStream(ports_.flows()[i], ports_.addressing(i), ports_.ipVersion(), size_, pace);
  if (auto s = ports_.load(streams); !s) return s;
  loaded_ = key;
  return Ok{};
}

Status DroneTrialExecutor::learn() {
  // The device learns every emulated host's gateway, then sees every address before the trial counts.
  if (auto s = ports_.resolveGateways(); !s) return s;
  if (!ports_.settings().learningFrames) return Ok{};
  const FlowPace pace = ports_.learningPace();
  if (auto s = load(pace); !s) return s;
  return ports_.sendLearning(pace);
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
  if (auto s = ports_.clear(); !s) return s.error();

  const double ramp = burst ? 0 : q.rampSeconds;
  const double sendSeconds = ramp + q.durationSeconds;  // a burst's duration includes its drain
  // A lease: a client that dies mid-trial does not leave the ports sending.
  PortStart how;
  how.leaseSeconds = uint32_t(std::clamp(std::ceil(sendSeconds + ports_.settings().startMarginSeconds) + 30, 30.0, 3600.0));
  how.rampMs = uint32_t(std::lround(ramp * 1000));
  // Bounded, a sender that falls behind (its core taken for a while) catches up no more than a burst
  // the tester rule still trusts: the rest lowers the rate it offered, never bursts into the device.
  if (!burst && boundCatchUp_) how.maxCatchUpUs = uint32_t(senderPacingLimitNs(q.pps) / 1000);
  // The drones show which trial their ports send, and its load (their stats and metrics).
  how.run.set_name(((trialTest_.empty() ? "benchmark" : trialTest_) + " " + q.frameSize.label()).substr(0, rpc::kMaxRunLabelBytes));
  how.run.set_trial(trialNumber_);
  how.run.set_load(std::clamp(q.load, 0.0, 1.0));
  double ahead = 0;
  if (auto s = ports_.startAtT0(how, ahead); !s) return s.error();
  sleepSeconds(ahead + sendSeconds);
  // The counters of a stopped trial, once, when the receivers have settled (never mid-trial).
  auto snaps = ports_.stopAndSettle(q.latency);
  if (!snaps) return snaps.error();
  TrialResult r;
  if (auto s = countTrial(ports_.flows(), *snaps, q, r); !s) return s.error();
  return r;
}

}  // namespace staccato::bench
