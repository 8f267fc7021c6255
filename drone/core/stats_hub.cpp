// The stats hub's thread sleeps until a group is due (or a watcher joins), collects the drone's
// counters once without the hub's lock (collecting takes the drone's), then serves every group
// that is due within kSlack of now from that one collection.
#include "drone/core/stats_hub.h"

#include <algorithm>

#include "drone/flows/flow_stats_export.h"
#include "rpc/stats/latency_buckets.h"

namespace staccato::drone {
namespace {

constexpr auto kSlack = std::chrono::milliseconds(10);

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

v1::StatsSnapshot onlyPorts(const v1::StatsSnapshot& all, const std::vector<std::string>& ports, bool latencyBuckets) {
  v1::StatsSnapshot out;
  out.set_timestamp_ns(all.timestamp_ns());
  for (const auto& p : all.ports())
    if (ports.empty() || contains(ports, p.port())) *out.add_ports() = p;
  for (const auto& s : all.streams()) {
    if (!ports.empty() && !contains(ports, s.tx_port()) && !contains(ports, s.rx_port())) continue;
    v1::StreamStats& row = *out.add_streams() = s;
    if (!latencyBuckets && row.has_latency()) rpc::dropBuckets(*row.mutable_latency());
  }
  for (const auto& f : all.flows()) {
    if (!ports.empty() && !contains(ports, f.port())) continue;
    v1::PortFlows& flows = *out.add_flows() = f;
    if (!latencyBuckets) dropFlowBuckets(flows);
  }
  return out;
}

StatsHub::StatsHub(Collect collect) : collect_(std::move(collect)), thread_([this](std::stop_token st) { run(st); }) {}

StatsHub::~StatsHub() {
  thread_.request_stop();
  changed_.notify_all();
  thread_.join();
}

void StatsHub::subscribe(StatsWatcher* watcher, uint32_t intervalMs, std::vector<std::string> ports, bool latencyBuckets) {
  std::sort(ports.begin(), ports.end());
  ports.erase(std::unique(ports.begin(), ports.end()), ports.end());
  std::lock_guard lock(mu_);
  GroupKey key{intervalMs, std::move(ports), latencyBuckets};
  auto [it, added] = groups_.try_emplace(key);
  if (added) it->second.due = Clock::now() + std::chrono::milliseconds(intervalMs);
  it->second.fresh.push_back(watcher);
  where_[watcher] = std::move(key);
  ++subscriptions_;
  changed_.notify_all();
}

void StatsHub::unsubscribe(StatsWatcher* watcher) {
  std::lock_guard lock(mu_);
  auto w = where_.find(watcher);
  if (w == where_.end()) return;
  auto g = groups_.find(w->second);
  Group& group = g->second;
  group.members.erase(watcher);
  std::erase(group.fresh, watcher);
  if (group.members.empty() && group.fresh.empty()) groups_.erase(g);
  where_.erase(w);
}

uint64_t StatsHub::collections() const {
  std::lock_guard lock(mu_);
  return collections_;
}

size_t StatsHub::watchers() const {
  std::lock_guard lock(mu_);
  return where_.size();
}

void StatsHub::run(std::stop_token stop) {
  std::unique_lock lock(mu_);
  while (!stop.stop_requested()) {
    const uint64_t seen = subscriptions_;
    auto wokenBySubscription = [&] { return subscriptions_ != seen; };
    if (groups_.empty()) {
      changed_.wait(lock, stop, wokenBySubscription);
      continue;
    }
    auto next = Clock::time_point::max();
    for (auto& [key, g] : groups_) next = std::min(next, g.fresh.empty() ? g.due : Clock::now());
    if (next > Clock::now() + kSlack) {
      changed_.wait_until(lock, stop, next, wokenBySubscription);
      continue;  // due now, or someone joined: look again
    }
    ++collections_;
    const bool buckets = std::any_of(groups_.begin(), groups_.end(), [](const auto& g) { return g.first.latencyBuckets; });
    lock.unlock();
    const v1::StatsSnapshot all = collect_(buckets);
    lock.lock();
    serve(all, Clock::now());
  }
}

void StatsHub::serve(const v1::StatsSnapshot& all, Clock::time_point now) {
  for (auto& [key, g] : groups_) {
    const bool due = g.due <= now + kSlack;
    if (!due && g.fresh.empty()) continue;
    v1::StatsSnapshot snap = onlyPorts(all, key.ports, key.latencyBuckets);
    if (due || !g.sampled) {
      g.sampler.addRates(snap);  // a new group's first snapshot is where its rates start
      g.sampled = true;
    } else {
      g.sampler.fillRates(snap);  // an early snapshot for newcomers: the group's pace stays
    }
    if (due) {
      g.due += std::chrono::milliseconds(key.intervalMs);
      if (g.due < now) g.due = now + std::chrono::milliseconds(key.intervalMs);  // fell behind: no burst
    }
    const SharedSnapshot shared = std::make_shared<const v1::StatsSnapshot>(std::move(snap));
    if (due)
      for (StatsWatcher* w : g.members) w->deliver(shared);
    for (StatsWatcher* w : g.fresh) {
      w->deliver(shared);
      g.members.insert(w);
    }
    g.fresh.clear();
  }
}

}  // namespace staccato::drone
