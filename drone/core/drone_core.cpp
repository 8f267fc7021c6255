#include "drone/core/drone_core.h"

#include <algorithm>
#include <condition_variable>

#include "common/core/log.h"
#include "common/core/clock.h"
#include "drone/core/device_group_check.h"
#include "drone/core/drone_errors.h"
#include "drone/core/memory_return.h"
#include "drone/devices/neighbor_view.h"
#include "drone/core/port_config_check.h"
#include "drone/core/stats_rows.h"
#include "rpc/stats/stream_pairing.h"

namespace staccato::drone {
namespace {


}  // namespace

DroneCore::DroneCore(std::unique_ptr<PortSource> source, DroneCoreOptions options)
    : source_(std::move(source)), table_(options.defaults), streams_(options.limits.streamMemoryBytes),
      captures_(options.limits.captureMemoryBytes), tx_(*source_), rx_(*source_), flows_(options.limits.flowDescriptors, options.limits.flowLoops),
      hosts_(*source_),
      hub_([this](bool buckets) { return collect(buckets); }) {
  refresh();
  if (options.refreshEvery.count() > 0)
    watcher_ = std::jthread([this, every = options.refreshEvery](std::stop_token st) {
      std::mutex m;
      std::condition_variable_any wake;
      for (std::unique_lock lock(m); !wake.wait_for(lock, st, every, [] { return false; }) && !st.stop_requested();)
        refresh();
    });
}

DroneCore::~DroneCore() {
  watcher_ = {};  // stops and joins before the parts go
}

void DroneCore::refresh() {
  auto found = source_->discover();
  // Ports that cannot be read (no descriptor left, say) have not gone away: nothing changes,
  // and what sends goes on. Said once per streak of failures.
  if (!found) {
    if (!discoveryFailing_.exchange(true))
      log::warning("cannot read the interfaces (the ports stay as they were until this works again): " +
                   found.error().toString());
    return;
  }
  if (discoveryFailing_.exchange(false)) log::notice("the interfaces can be read again");
  std::unique_lock lock(mu_);
  const PortChanges changes = table_.refresh(std::move(found).value());
  for (const std::string& name : changes.appeared) {
    tx_.setError(name, "");  // back again: the old error is history
    hosts_.close(name);      // its interface index may be another now
    const PortEntry& p = table_.entries().at(name);
    if (auto s = applyHosts(p, p.config); !s)
      log::warning(name + ": " + s.error().toString());
  }
  for (const std::string& name : changes.appeared) rx_.update(table_.entries().at(name), true);
  for (const std::string& name : changes.changed) rx_.update(table_.entries().at(name), false);
  reportVanished(lock, changes.vanished);
}

void DroneCore::reportVanished(std::unique_lock<std::mutex>& lock, const std::vector<std::string>& ports) {
  ClosingEngines closing;
  for (const std::string& name : ports) {
    captures_.vanished(name, taps_, closing);
    // Sending, or stopped a moment ago because sends began to fail: say what happened.
    const PortTx& t = tx_.of(name);
    if (t.session && (tx_.transmitting(name) || !t.session->error().empty())) {
      stopSending(lock, {name});
      tx_.setError(name, errors::vanishedWhileSending(name));
    }
    rx_.close(name);
    hosts_.close(name);
  }
  lock.unlock();
  closing.clear();  // joins the capture threads
  lock.lock();
}

Status DroneCore::applyHosts(const PortEntry& p, const v1::PortConfig& config) {
  auto hosts = expandDeviceGroups(config.devices());
  if (!hosts) return hosts.error();
  return hosts_.update(p.info, std::make_shared<const devices::HostTable>(std::move(hosts).value()));
}

std::vector<v1::Port> DroneCore::listPorts() {
  std::lock_guard lock(mu_);
  std::vector<v1::Port> out;
  for (auto& [name, p] : table_.entries()) {
    if (!p.present) continue;
    tx_.reap(name);
    const PortTx& t = tx_.of(name);
    // Before a start, the backend it would choose and why.
    const BackendChoice expected =
        t.backend.empty() ? expectedBackend(*source_, p.info, p.config, rx_.turbo(name).get()) : BackendChoice{};
    out.push_back(portRow(p, t, rx_.of(name), expected, tx_.transmitting(name), hosts_.error(name)));
  }
  return out;
}

Status DroneCore::configurePort(const std::string& name, const v1::PortConfig& config, const std::string& client) {
  std::lock_guard lock(mu_);
  auto p = table_.find(name);
  if (!p) return p.error();
  if (auto s = table_.checkOwner(**p, client); !s) return s;
  if (tx_.transmitting(name)) return errors::sendingNoConfigure(name);
  tx_.reap(name);  // the last run's AF_XDP sockets go, so a new receive engine can bind
  if (auto s = checkPortConfig((*p)->info, config); !s) return s;
  auto hosts = expandDeviceGroups(config.devices());  // checks every group
  if (!hosts) return hosts.error();
  // The hosts start over (new neighbour table, announcements) only when their groups changed.
  const auto groups = [](const v1::PortConfig& c) {
    v1::PortConfig only;
    *only.mutable_devices() = c.devices();
    return only.SerializeAsString();
  };
  const v1::PortConfig before = (*p)->config;
  (*p)->config = config;
  rx_.update(**p, true);
  // Asked to reflect, a port that cannot would lose every test frame: nothing of the change stays.
  Status applied = Ok{};
  if (config.reflect() != v1::PortConfig::REFLECT_OFF && rx_.of(name).engine != "reflect")
    applied = makeError("config.reflect", "the port cannot reflect: " + rx_.of(name).reason, ErrorKind::kUnavailable);
  else if (groups(before) != groups(config))
    applied = hosts_.update((*p)->info, std::make_shared<const devices::HostTable>(std::move(hosts).value()));
  if (!applied) {
    (*p)->config = before;
    rx_.update(**p, true);
    return applied;
  }
  tx_.resetChoice(name);  // the port list shows what the next start would choose
  return Ok{};
}

Status DroneCore::canSetStreams(const std::string& name, const std::string& client) {
  std::lock_guard lock(mu_);
  return canSetStreamsLocked(name, client);
}

Status DroneCore::canSetStreamsLocked(const std::string& name, const std::string& client) {
  auto p = table_.find(name);
  if (!p) return p.error();
  if (auto s = table_.checkOwner(**p, client); !s) return s;
  if (tx_.transmitting(name)) return errors::sendingNoStreams(name);
  return Ok{};
}

Status DroneCore::setStreams(const std::string& name, rpc::Streams streams, const std::string& client,
                             MemoryBudget::Lease upload) {
  double rate = 0;
  {
    std::lock_guard lock(mu_);
    auto p = table_.find(name);
    if (!p) return p.error();
    rate = lineRateOf(**p);
  }
  // Compiling thousands of streams takes a while: other clients' calls go on meanwhile.
  auto stored = StreamStore::compile(std::move(streams), rate);
  if (!stored) return stored.error();
  std::shared_ptr<const StoredStreams> old;
  {
    std::lock_guard lock(mu_);
    if (auto s = canSetStreamsLocked(name, client); !s) return s;  // things may have changed meanwhile
    auto replaced = streams_.replace(name, std::move(stored).value(), std::move(upload));
    if (!replaced) return replaced.error();
    old = std::move(replaced).value();
    // The last run's counts belong to streams that are gone; their ids would also make the
    // receivers' rows ambiguous when another port now sends the same ids.
    tx_.forget(name);
  }
  const size_t freed = old->bytes;
  old.reset();
  returnMemoryAfter(freed);
  return Ok{};
}

Result<std::shared_ptr<const rpc::Streams>> DroneCore::getStreams(const std::string& name) {
  std::lock_guard lock(mu_);
  auto p = table_.find(name);
  if (!p) return p.error();
  // The list keeps its whole StoredStreams (and its lease on the stream memory) alive while read.
  std::shared_ptr<const StoredStreams> stored = streams_.get(name);
  return std::shared_ptr<const rpc::Streams>(stored, stored->streams.get());
}

Status DroneCore::clearStats(const std::vector<std::string>& names, const std::string& client) {
  auto kernel = source_->counters();
  std::lock_guard lock(mu_);
  auto targets = table_.owned(names, client);
  if (!targets) return targets.error();
  // Every port this client may change: others' reserved ports keep their counts.
  if (names.empty()) *targets = table_.allOwnedBy(client);
  for (PortEntry* p : *targets) {
    tx_.clearCounters(p->info.name);
    if (SignatureReceiver* r = rx_.receiver(p->info.name)) r->clear();
    // Kernel counters cannot be reset: remember where they stood and report from there.
    if (kernel && kernel->count(p->info.name)) p->kernelBaseline = kernel->at(p->info.name);
  }
  return Ok{};
}

Result<std::vector<v1::Neighbor>> DroneCore::neighbors(const std::string& name) {
  std::shared_ptr<devices::PortDevices> hosts;
  {
    std::lock_guard lock(mu_);
    if (auto p = table_.find(name); !p) return p.error();
    hosts = hosts_.of(name);
  }
  if (!hosts) return std::vector<v1::Neighbor>{};
  return devices::neighborMessages(*hosts);
}

Result<std::vector<v1::Neighbor>> DroneCore::resolveNeighbors(const std::string& name, const std::string& client,
                                                              const std::vector<std::string>& addresses) {
  std::shared_ptr<devices::PortDevices> hosts;
  {
    std::lock_guard lock(mu_);
    auto p = table_.find(name);
    if (!p) return p.error();
    if (auto s = table_.checkOwner(**p, client); !s) return s.error();
    hosts = hosts_.of(name);
  }
  if (!hosts) return errors::neighborsNeedHosts(name);
  auto targets = devices::resolveTargets(*hosts->hosts(), addresses, name);
  if (!targets) return targets.error();
  // The other hosts' own requests go first, so the device knows every host when this returns.
  hosts->ask(devices::gatewayLearners(*hosts->hosts(), *targets));
  hosts->resolve(*targets);  // waits unlocked; failures stay in the table as FAILED
  return devices::neighborMessages(*hosts);
}

Status DroneCore::reserve(const std::string& name, const std::string& client) {
  std::unique_lock lock(mu_);
  if (auto s = table_.reserve(name, client); !s) return s;
  // Another client's start still waiting for its time would send on a port now reserved by this
  // one, and its starter could no longer stop it: the reservation cancels it, saying so.
  if (tx_.transmitting(name)) {
    const PortTx& tx = tx_.of(name);
    if (tx.startsAtNs > monotonicNs() && tx.startedBy != client) {
      const std::string starter = tx.startedBy;
      stopSending(lock, {name});
      tx_.setError(name, errors::scheduledStartCancelled(name, starter, client).message);
      log::notice(name + ": " + tx_.of(name).error);
    }
  }
  return Ok{};
}

Status DroneCore::release(const std::string& name, const std::string& client, bool force) {
  std::lock_guard lock(mu_);
  return table_.release(name, client, force);
}

void DroneCore::addRows(v1::StatsSnapshot& snap, const std::string& name, const PortEntry& p,
                        const std::map<std::string, LinkCounters>* kernel) {
  tx_.reap(name);
  const LinkCounters* counted = nullptr;
  if (kernel)
    if (auto it = kernel->find(name); it != kernel->end()) counted = &it->second;
  addTransmitRows(snap, p, tx_.of(name), tx_.transmitting(name), counted);
}

v1::StatsSnapshot DroneCore::collect(bool latencyBuckets) {
  auto kernel = source_->counters();
  const auto* counters = kernel ? &*kernel : nullptr;
  v1::StatsSnapshot snap;
  if (auto flows = flows_.stats({}, latencyBuckets))  // FlowRuns' own lock, not under the drone's
    for (v1::PortFlows& port : *flows->mutable_ports()) snap.add_flows()->Swap(&port);
  std::lock_guard lock(mu_);
  snap.set_timestamp_ns(monotonicNs());
  std::vector<v1::StreamStats> received;
  for (auto& [name, p] : table_.entries()) {
    if (!p.present) continue;
    addRows(snap, name, p, counters);
    if (SignatureReceiver* r = rx_.receiver(name)) {
      const uint64_t missed = r->dropped();  // read once: the port's figure and its streams' agree
      v1::PortStats& row = *snap.mutable_ports(snap.ports_size() - 1);
      row.set_drone_rx_dropped(missed);
      row.set_drone_rx_examined(r->examined());
      row.set_drone_reflected(r->reflected());
      r->forEachCount(
          [&](uint16_t id, const StreamRxCounts& rx) { received.push_back(receiveRow(name, id, rx, missed, latencyBuckets)); });
    }
  }
  rpc::pairStreamRows(snap, received, {true, [&](const std::string& port) { return tx_.transmitting(port); }});
  // A port that vanished while sending stays in the stats, with its error and last counts; it
  // sends nothing any more, so it is nobody's sender when pairing.
  for (auto& [name, p] : table_.entries())
    if (!p.present && !tx_.of(name).error.empty()) addRows(snap, name, p, counters);
  return snap;
}

}  // namespace staccato::drone
