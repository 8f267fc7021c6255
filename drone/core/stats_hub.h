#pragma once
/// One sampler for every stats watcher of a drone. Watchers subscribe with an interval and a
/// port filter; watchers asking for the same share a group, and one snapshot per interval (with
/// rates over that interval) goes to all of them. The drone's counters are collected once per
/// tick whatever the number of watchers, and only while someone watches. A watcher's delivery
/// never blocks the hub: what it does with a snapshot it has no room for is its own business
/// (the gRPC stream keeps only the newest).
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "drone/core/stats_sampler.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::drone {

using SharedSnapshot = std::shared_ptr<const v1::StatsSnapshot>;

class StatsWatcher {
 public:
  virtual ~StatsWatcher() = default;
  /// On the hub's thread, with the hub's lock held: must not block or call the hub.
  virtual void deliver(SharedSnapshot snapshot) = 0;
};

class StatsHub {
 public:
  /// Every port's cumulative counters, with latency buckets when asked (rates are the hub's job).
  using Collect = std::function<v1::StatsSnapshot(bool latencyBuckets)>;
  using Clock = std::chrono::steady_clock;

  explicit StatsHub(Collect collect);
  ~StatsHub();
  StatsHub(const StatsHub&) = delete;
  StatsHub& operator=(const StatsHub&) = delete;

  /// A first snapshot soon (fresh: collected after this call), then one every `intervalMs` of
  /// the ports named (empty = all); stream rows are kept when they send or receive on one.
  /// Latency histogram buckets only with `latencyBuckets` (they are most of a snapshot's size).
  void subscribe(StatsWatcher* watcher, uint32_t intervalMs, std::vector<std::string> ports, bool latencyBuckets = false);
  /// No delivery to `watcher` starts after this returns. Harmless when not subscribed.
  void unsubscribe(StatsWatcher* watcher);

  /// Times the drone's counters were collected (tests, benchmarks).
  uint64_t collections() const;
  size_t watchers() const;

 private:
  struct GroupKey {
    uint32_t intervalMs;
    std::vector<std::string> ports;
    bool latencyBuckets;
    auto operator<=>(const GroupKey&) const = default;
  };
  struct Group {
    Clock::time_point due;
    StatsSampler sampler;
    bool sampled = false;  ///< the sampler has a previous snapshot
    std::set<StatsWatcher*> members;
    std::vector<StatsWatcher*> fresh;  ///< joined since the last tick: owed a first snapshot
  };
  void run(std::stop_token stop);
  /// Delivers what each group is owed from one collection.
  void serve(const v1::StatsSnapshot& all, Clock::time_point now);

  Collect collect_;
  mutable std::mutex mu_;
  std::condition_variable_any changed_;
  std::map<GroupKey, Group> groups_;
  std::map<StatsWatcher*, GroupKey> where_;
  uint64_t collections_ = 0;
  uint64_t subscriptions_ = 0;  ///< wakes the thread for a newcomer
  std::jthread thread_;  // last: starts after everything it uses exists
};

/// The rows of `all` that concern `ports` (all of them when empty), without latency buckets
/// unless `latencyBuckets`.
v1::StatsSnapshot onlyPorts(const v1::StatsSnapshot& all, const std::vector<std::string>& ports, bool latencyBuckets);

}  // namespace staccato::drone
