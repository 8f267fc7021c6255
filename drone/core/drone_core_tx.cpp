// DroneCore's transmit calls: resolving next hops (unlocked), the all-or-nothing start, stop,
// and leases that expire.
#include "drone/core/drone_core.h"

#include <algorithm>
#include <cmath>

#include "common/core/clock.h"
#include "common/core/log.h"
#include "common/stream/rate.h"
#include "drone/core/drone_errors.h"
#include "drone/devices/link_resolver.h"
#include "rpc/message_limits.h"

namespace staccato::drone {
namespace {

std::vector<std::string> withoutRepeats(std::vector<std::string> names) {
  std::vector<std::string> out;
  for (auto& n : names)
    if (std::find(out.begin(), out.end(), n) == out.end()) out.push_back(std::move(n));
  return out;
}

/// A run label names one port's run in stats and metrics (a label value): short and printable,
/// so no caller can write control characters into a log or grow the metrics without bound.
Status checkRunLabel(const v1::RunLabel& run) {
  if (run.name().size() > rpc::kMaxRunLabelBytes)
    return errors::runLabelBad("name", std::to_string(run.name().size()) + " characters: at most " +
                                           std::to_string(rpc::kMaxRunLabelBytes));
  for (unsigned char c : run.name())
    if (c < 0x20 || c > 0x7e) return errors::runLabelBad("name", "holds a character that is not printable ASCII");
  if (!std::isfinite(run.load()) || run.load() < 0 || run.load() > 1)
    return errors::runLabelBad("load", "is not a fraction of the line rate (allowed 0..1)");
  return Ok{};
}

}  // namespace

std::shared_ptr<const devices::HostTable> DroneCore::hostTableLocked(const std::string& port) const {
  auto devices = hosts_.of(port);
  return devices ? devices->hosts() : nullptr;
}

Result<std::map<std::string, DroneCore::FilledPlans>> DroneCore::resolveLinks(const std::vector<std::string>& names,
                                                                               const std::string& client) {
  struct Port {
    std::string name;
    PlanList plans;
    std::shared_ptr<devices::PortDevices> devices;
    std::shared_ptr<const devices::HostTable> hosts;
  };
  std::vector<Port> ports;
  {
    std::lock_guard lock(mu_);
    auto targets = table_.owned(names, client);
    if (!targets) return targets.error();
    for (PortEntry* p : *targets) {  // the cheap refusals first: no resolving for a start that cannot happen
      if (tx_.transmitting(p->info.name)) return errors::alreadySending(p->info.name);
      PlanList plans = streams_.get(p->info.name)->sendable;
      if (plans->empty()) return errors::noEnabledStreams(p->info.name);
      ports.push_back({p->info.name, std::move(plans), hosts_.of(p->info.name), hostTableLocked(p->info.name)});
    }
  }
  // Resolving waits for the network (up to a few seconds): not under the lock.
  std::map<std::string, FilledPlans> out;
  for (const Port& p : ports) {
    auto filled = devices::fillLinkAddresses(p.plans, p.devices.get(), p.name);
    FilledPlans resolved{p.plans, filled ? *filled : nullptr, p.hosts};
    if (!filled) {  // a reconfigured port stops answering the old hosts' probes: say what really happened
      std::lock_guard lock(mu_);
      return changedLocked(p.name, resolved) ? errors::changedWhileStarting(p.name) : filled.error();
    }
    out[p.name] = std::move(resolved);
  }
  return out;
}

bool DroneCore::changedLocked(const std::string& port, const FilledPlans& resolved) const {
  return resolved.from != streams_.get(port)->sendable || resolved.hosts != hostTableLocked(port);
}

Status DroneCore::startTx(const std::vector<std::string>& names, const std::string& client, uint64_t lease,
                          StartOptions how) {
  if (how.rampNs > kMaxRampNs) return errors::rampTooLong(how.rampNs / 1'000'000, kMaxRampNs / 1'000'000);
  if (how.maxCatchUpNs > kMaxCatchUpNs) return errors::catchUpTooLong(how.maxCatchUpNs / 1'000, kMaxCatchUpNs / 1'000);
  if (auto s = checkRunLabel(how.run); !s) return s;
  if (how.atRealtimeNs) {
    const int64_t ahead = static_cast<int64_t>(how.atRealtimeNs - realtimeNs());
    if (ahead <= 0 || static_cast<uint64_t>(ahead) > kMaxStartAheadNs) return errors::startTimeBad(ahead, kMaxStartAheadNs);
  }
  const std::vector<std::string> ports = withoutRepeats(names);
  auto links = resolveLinks(ports, client);
  if (!links) return links.error();
  std::vector<PendingStart> starts;  // before the lock below: backends that did not start close unlocked
  {
    std::lock_guard lock(mu_);
    auto targets = table_.owned(ports, client);
    if (!targets) return targets.error();
    // Check every port again (things may have changed while resolving): either all start or none does.
    for (PortEntry* p : *targets) {
      const std::string& name = p->info.name;
      if (tx_.transmitting(name)) return errors::alreadySending(name);
      // Streams or hosts set anew meanwhile would send what nobody resolved: refuse.
      if (changedLocked(name, links->at(name))) return errors::changedWhileStarting(name);
    }
    for (PortEntry* p : *targets) starts.push_back(tx_.begin(*p, links->at(p->info.name).filled, rx_.turbo(p->info.name)));
  }
  // Opening sockets waits for the kernel (seconds on a busy host): not under the lock. The ports
  // are marked as starting meanwhile, so nobody else starts or changes them.
  for (PendingStart& s : starts) tx_.open(s);
  std::lock_guard lock(mu_);
  for (PendingStart& s : starts)
    if (!s.chosen) {
      for (const PendingStart& a : starts) tx_.abandon(a);
      return s.chosen.error();
    }
  // A start sends its streams afresh, from sequence 0: what this drone received of them before
  // starts over too (else a run, then load and start, would count every frame a duplicate).
  std::vector<uint16_t> tracked;
  for (const PendingStart& s : starts)
    for (const TxPlan& plan : *s.job.plans)
      if (plan.tracked) tracked.push_back(static_cast<uint16_t>(plan.streamId));
  rx_.restartStreams(tracked);
  // Every worker of every port waits for the same monotonic instant: ports of one drone start
  // within microseconds of each other. A start time that passed while the queues opened sends
  // nothing (late is not what was asked).
  const uint64_t startMono = how.atRealtimeNs ? how.atRealtimeNs - static_cast<uint64_t>(realtimeMinusMonotonicNs()) : 0;
  if (startMono && startMono <= monotonicNs()) {
    for (const PendingStart& a : starts) tx_.abandon(a);
    return errors::startTimePassedWhileOpening(starts.front().port, monotonicNs() - startMono);
  }
  for (PendingStart& s : starts) {
    s.job.startNs = startMono;
    s.job.rampNs = how.rampNs;
    s.job.maxCatchUpNs = how.maxCatchUpNs;
    tx_.finish(s, lease, client, how.run);
  }
  rx_.avoidCores(tx_.busyCores());
  return Ok{};
}

void DroneCore::stopSending(std::unique_lock<std::mutex>& lock, const std::vector<std::string>& ports) {
  auto sessions = tx_.requestStop(ports);
  lock.unlock();
  Transmitter::waitFinished(sessions);
  lock.lock();
  for (const std::string& port : ports) tx_.reap(port);
  rx_.avoidCores(tx_.busyCores());
}

Status DroneCore::stopTx(const std::vector<std::string>& names, const std::string& client) {
  std::unique_lock lock(mu_);
  auto targets = table_.owned(names, client);
  if (!targets) return targets.error();
  stopSending(lock, names);
  return Ok{};
}

Status DroneCore::setRate(const std::string& name, const std::string& client, std::optional<double> scale,
                          const std::map<uint32_t, RatePlan>& streams) {
  std::lock_guard lock(mu_);
  auto p = table_.find(name);
  if (!p) return p.error();
  if (auto s = table_.checkOwner(**p, client); !s) return s;
  if (!tx_.transmitting(name) || !tx_.of(name).rates) return errors::rateNeedsSending(name);
  if (scale && (!std::isfinite(*scale) || *scale <= 0 || *scale > kMaxRateScale)) return errors::rateScaleBad(*scale);
  const PortTx& tx = tx_.of(name);
  RateChanges next = tx.rates->get();
  if (scale) next.scale = *scale;
  for (const auto& [id, rate] : streams) next.streams[id] = rate;
  // Every stream's new rate as a start would check it: at least 0.001 pps, not above the line.
  const double lineRate = lineRateOf(**p);
  for (const auto& [id, rate] : streams) {
    const auto plan = std::find_if(tx.plans->begin(), tx.plans->end(), [&](const TxPlan& t) { return t.streamId == id; });
    if (plan == tx.plans->end()) return errors::rateStreamNotSent(name, id);
    if (plan->replay.timed) return errors::rateOfTimedReplay(name, id);
  }
  for (size_t i = 0; i < tx.plans->size(); ++i) {
    const TxPlan& plan = (*tx.plans)[i];
    if (plan.replay.timed) continue;
    if (auto s = checkRate(RateControl::rateOf(plan, next), plan.averageFrameBytes, lineRate); !s)
      return s.error().withPrefix("stream " + std::to_string(plan.streamId));
  }
  tx.rates->set(std::move(next));
  return Ok{};
}

bool DroneCore::leaseGuards(uint64_t lease) {
  std::lock_guard lock(mu_);
  return !tx_.leasedTo(lease).empty();
}

void DroneCore::expireLease(uint64_t lease, const std::string& why) {
  std::unique_lock lock(mu_);
  const std::vector<std::string> leased = tx_.leasedTo(lease);
  stopSending(lock, leased);
  for (const std::string& port : leased) {
    tx_.setError(port, why);
    log::warning(port + ": " + why);
  }
}

}  // namespace staccato::drone
