// Y1564DroneExecutor: a step at a time, then every service together with each second's counts.
#include "client/core/benchmark_drone/y1564_drone_executor.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

#include "client/core/benchmark/second_ledger.h"
#include "client/core/benchmark_drone/y1564_streams.h"
#include "rpc/message_limits.h"

namespace staccato::bench {
namespace {

using Clock = std::chrono::steady_clock;

/// The performance test's lease: renewed every third of it, so a client that goes away stops the
/// ports within this long.
constexpr double kPerformanceLeaseSeconds = 60;

/// MEF 10.3's smallest committed burst size: a burst every device must take at CIR.
constexpr uint64_t kMinCbsBytes = 12176;
constexpr double kMinCatchUpSeconds = 0.0005, kMaxCatchUpSeconds = 0.05;

/// How far a sender behind its schedule may catch up at `mbps` of service `s`: a burst that fits
/// the service's committed burst (MEF's smallest when it names none), so that a sender which fell
/// behind (its core taken for a while) never bursts into a policer that drops it as excess; it
/// lets the rest of the gap go, and the step's offered rate says so.
uint32_t catchUpUs(double mbps, const Y1564Service& s) {
  const double burstBits = double(std::max(s.cbsBytes, kMinCbsBytes)) * 8;
  return uint32_t(std::clamp(burstBits / (mbps * 1e6), kMinCatchUpSeconds, kMaxCatchUpSeconds) * 1e6);
}

/// What a step's counts say in Y.1564's terms: FTD the average delay, FDV its spread (99th
/// percentile less the minimum, as MEF 10.3 measures frame delay range).
Y1564Measurement measurementOf(const TrialResult& r) {
  Y1564Measurement m{r.txFrames, r.rxFrames, r.durationSeconds};
  if (!r.latency.empty()) {
    m.delayMeasured = true;
    m.ftdMs = r.latency.avgNs / 1e6;
    m.fdvMs = double(r.latency.percentile(0.99) - std::min(r.latency.minNs, r.latency.percentile(0.99))) / 1e6;
  }
  if (r.testerLimited) m.testerNote = "the tester's port failed: " + r.note;
  else if (r.receiverMissed) m.testerNote = "the tester's receiver had no room for some frames: the loss is not the device's";
  return m;
}

}  // namespace

Result<std::unique_ptr<Y1564DroneExecutor>> Y1564DroneExecutor::open(const DroneMap& drones, const Y1564Config& config,
                                                                     const Endpoint& tx, const Endpoint& rx,
                                                                     unsigned ipVersion, DroneExecutorSettings settings,
                                                                     const Endpoint& via) {
  if (auto s = config.check(); !s) return s.error();
  if (via.port.empty() && tx == rx)
    return makeError("rx", "sends and receives on the same port " + tx.port + ": name two ports with the device between them");
  if (!via.port.empty() && (tx != rx || via == tx))
    return makeError("reflector", "through a reflector the frames return to the transmit port: a reflector other than it, and no rx");
  std::vector<Flow> flows;
  std::vector<ServiceFlows> services;
  for (const Y1564Service& s : config.services) {
    ServiceFlows f{flows.size(), {}};
    flows.push_back({tx, rx, kFirstStreamId + uint32_t(flows.size()), via});
    if (s.colour == ColourMode::kAware) {
      f.yellow = flows.size();
      flows.push_back({tx, rx, kFirstStreamId + uint32_t(flows.size()), via});
    }
    services.push_back(f);
  }
  auto ports = BenchPorts::open(drones, std::move(flows), ipVersion, std::move(settings));
  if (!ports) return ports.error();
  std::unique_ptr<Y1564DroneExecutor> e(new Y1564DroneExecutor(std::move(*ports), std::move(services)));
  if (auto s = e->learn(config); !s) return s.error();
  return e;
}

Status Y1564DroneExecutor::learn(const Y1564Config& config) {
  // The device learns every emulated host's gateway, then sees every service's addresses and
  // class before a step counts.
  if (auto s = ports_.resolveGateways(); !s) return s;
  if (!ports_.settings().learningFrames) return Ok{};
  const FlowPace pace = ports_.learningPace();
  std::map<size_t, v1::Stream> streams;
  for (size_t i = 0; i < services_.size(); ++i) {
    const size_t flow = services_[i].green;
    v1::Stream s = serviceStream(ports_.flows()[flow], ports_.addressing(flow), ports_.ipVersion(), config.services[i], {});
    s.mutable_rate()->set_unit(v1::Rate::PPS);
    s.mutable_rate()->set_value(pace.pps);
    s.mutable_control()->set_mode(v1::Control::PACKETS);
    s.mutable_control()->set_count(pace.frames);
    streams[flow] = std::move(s);
  }
  if (auto s = ports_.load(streams); !s) return s;
  return ports_.sendLearning(pace);
}

std::vector<Flow> Y1564DroneExecutor::flowsOf(size_t i) const {
  std::vector<Flow> out{ports_.flows()[services_[i].green]};
  if (services_[i].yellow) out.push_back(ports_.flows()[*services_[i].yellow]);
  return out;
}

Status Y1564DroneExecutor::startLabelled(const std::string& label, double leaseSeconds, uint32_t maxCatchUpUs) {
  if (auto s = ports_.clear(); !s) return s;
  PortStart how;
  how.maxCatchUpUs = maxCatchUpUs;
  how.leaseSeconds = uint32_t(std::clamp(std::ceil(leaseSeconds + ports_.settings().startMarginSeconds) + 30, 30.0, 3600.0));
  how.run.set_name(label.substr(0, rpc::kMaxRunLabelBytes));
  double ahead = 0;
  if (auto s = ports_.startAtT0(how, ahead); !s) return s;
  sleepSeconds(ahead);
  return Ok{};
}

Result<Y1564Measurement> Y1564DroneExecutor::runStep(const Y1564Config& config, const Y1564Step& step) {
  const Y1564Service& service = config.services.at(step.service);
  const ServiceFlows& f = services_.at(step.service);
  std::map<size_t, v1::Stream> streams;
  const bool bursts = step.kind == Y1564StepKind::kCbs || step.kind == Y1564StepKind::kEbs;
  for (const ServicePace& pace : stepPaces(service, step)) {
    const size_t flow = pace.yellow ? f.yellow.value_or(f.green) : f.green;
    streams[flow] = serviceStream(ports_.flows()[flow], ports_.addressing(flow), ports_.ipVersion(), service, pace);
  }
  if (auto s = ports_.load(streams); !s) return s.error();
  // A burst step sends its bursts as asked, whatever the sender's hiccups.
  const uint32_t catchUp = bursts ? 0 : catchUpUs(step.rateMbps, service);
  if (auto s = startLabelled("y1564 " + service.name + " " + step.label, step.seconds, catchUp); !s) return s.error();
  sleepSeconds(step.seconds);
  auto snaps = ports_.stopAndSettle(true);
  if (!snaps) return snaps.error();
  TrialRequest latency;
  latency.latency = true;
  TrialResult r;
  if (auto s = countTrial(flowsOf(step.service), *snaps, latency, r); !s) return s.error();
  return measurementOf(r);
}

Result<std::vector<Y1564ServiceRun>> Y1564DroneExecutor::runPerformance(const Y1564Config& config, double testSeconds,
                                                                        const Y1564Hooks& hooks) {
  std::map<size_t, v1::Stream> streams;
  uint32_t catchUp = UINT32_MAX;  // the least any service allows: they share the port's sender
  for (size_t i = 0; i < services_.size(); ++i) {
    const size_t flow = services_[i].green;
    catchUp = std::min(catchUp, catchUpUs(config.services[i].cirMbps, config.services[i]));
    streams[flow] = serviceStream(ports_.flows()[flow], ports_.addressing(flow), ports_.ipVersion(), config.services[i],
                                  {config.services[i].cirMbps});
  }
  if (auto s = ports_.load(streams); !s) return s.error();
  if (auto s = startLabelled("y1564 performance", kPerformanceLeaseSeconds, catchUp); !s) return s.error();
  std::vector<Y1564ServiceRun> runs(services_.size());
  // The services' running totals in `snaps`.
  auto totalsOf = [&](const DroneSnapshots& snaps, bool latency, std::vector<SecondCounts>& totals) -> Status {
    totals.assign(services_.size(), {});
    for (size_t i = 0; i < services_.size(); ++i) {
      TrialRequest request;
      request.latency = latency;
      TrialResult r;
      if (auto s = countTrial(flowsOf(i), snaps, request, r); !s) return s;
      totals[i] = {r.txFrames, r.rxFrames};
      if (latency) runs[i].total = measurementOf(r);
    }
    return Ok{};
  };
  SecondLedger ledger(services_.size());
  // A second is told one read after it ended (its frames on their way then are not lost).
  auto tell = [&](uint32_t second, const std::vector<SecondCounts>& counts) {
    if (hooks.secondDone && !counts.empty()) hooks.secondDone(second, counts);
  };
  auto failed = [&](const Error& e) {
    ports_.stopAll();
    return e;
  };
  const auto t0 = Clock::now();
  const auto total = uint32_t(std::llround(testSeconds));
  for (uint32_t second = 1; second <= total; ++second) {
    std::this_thread::sleep_until(t0 + std::chrono::seconds(second));
    if (hooks.stopRequested && hooks.stopRequested()) break;
    auto snaps = ports_.read(false);
    if (!snaps) return failed(snaps.error());
    std::vector<SecondCounts> totals;
    if (auto s = totalsOf(*snaps, false, totals); !s) return failed(s.error());
    // The second before last is final now (none is at the first read).
    const std::vector<SecondCounts> finished = ledger.read(totals);
    if (second >= 2) tell(second - 2, finished);
    if (second % uint32_t(kPerformanceLeaseSeconds / 3) == 0)
      if (auto s = ports_.renewLeases(); !s) return failed(s.error());
  }
  auto snaps = ports_.stopAndSettle(true);
  if (!snaps) return snaps.error();
  std::vector<SecondCounts> totals;
  if (auto s = totalsOf(*snaps, true, totals); !s) return s.error();
  auto seconds = ledger.finish(totals);
  if (ledger.secondsRead() > 0) {
    std::vector<SecondCounts> last;
    for (const auto& service : seconds) last.push_back(service.back());
    tell(uint32_t(ledger.secondsRead() - 1), last);
  }
  for (size_t i = 0; i < services_.size(); ++i) runs[i].perSecond = std::move(seconds[i]);
  return runs;
}

}  // namespace staccato::bench
