#pragma once
/// The drone's rules, whatever its ports are: configuration, streams (all or nothing),
/// reservations, starting and stopping, receive engines, captures, emulated hosts and stats.
/// DroneCore only coordinates parts with one job each over a PortSource: PortTable, StreamStore,
/// Transmitter, Receivers, Captures (with PortTaps hooking them into the engines), EmulatedHosts,
/// StatsHub; the rows clients get are built in stats_rows.h. The gRPC service is a thin layer
/// over this. Thread-safe: one control-plane lock, never taken per packet and not held while
/// sockets open, workers stop or counters are read from the kernel.
#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "common/core/result.h"
#include "drone/capture/captures.h"
#include "drone/core/drone_limits.h"
#include "drone/core/emulated_hosts.h"
#include "drone/core/port_source.h"
#include "drone/core/port_table.h"
#include "drone/core/port_taps.h"
#include "drone/core/receivers.h"
#include "drone/core/stats_hub.h"
#include "drone/core/stream_store.h"
#include "drone/core/transmitter.h"
#include "drone/flows/flow_runs.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::drone {

/// How a start begins: at once or at a wall-clock time, at full rate or rising to it.
struct StartOptions {
  uint64_t atRealtimeNs = 0;  ///< CLOCK_REALTIME of the first packet of every port; 0 = now
  uint64_t rampNs = 0;        ///< the rate rises from nothing to the streams' own over this long
  v1::RunLabel run;           ///< what the run is (a benchmark's trial), shown while it sends
  uint64_t maxCatchUpNs = 0;  ///< a sender behind its schedule catches up this much at most; 0 = in full
};

struct DroneCoreOptions {
  v1::PortConfig defaults;  ///< the configuration new ports start with
  DroneLimits limits;
  /// How often the port source is asked for hot-plugged and removed ports; 0 = only when
  /// refresh() is called.
  std::chrono::milliseconds refreshEvery{1000};
};

class DroneCore {
 public:
  DroneCore(std::unique_ptr<PortSource> source, DroneCoreOptions options = {});
  ~DroneCore();

  /// Asks the source for its ports: new ones appear, vanished ones stop with an error.
  void refresh();

  std::vector<v1::Port> listPorts();
  Status configurePort(const std::string& port, const v1::PortConfig& config, const std::string& client);
  /// Whether `client` may set the port's streams now (it exists, is not sending, not reserved
  /// by someone else): checked before a long upload, and again by setStreams.
  Status canSetStreams(const std::string& port, const std::string& client);
  /// The drone's stream memory (thread-safe): uploads reserve what they receive from it.
  const std::shared_ptr<MemoryBudget>& streamMemory() const { return streams_.memory(); }
  /// Replaces the port's streams, all or nothing. Compiles without holding the lock. `upload`:
  /// the stream memory their upload reserved (the list then holds exactly its bytes).
  Status setStreams(const std::string& port, rpc::Streams streams, const std::string& client,
                    MemoryBudget::Lease upload = {});
  /// The port's streams as they were set (shared, never copied).
  Result<std::shared_ptr<const rpc::Streams>> getStreams(const std::string& port);
  /// Starts the ports, all or none. `lease` (not 0): the LeaseBook lease that stops them if the
  /// client goes away (see expireLease).
  Status startTx(const std::vector<std::string>& ports, const std::string& client, uint64_t lease = 0,
                 StartOptions how = {});
  /// Changes a sending port's rates at once, without stopping: `scale` (when given) multiplies
  /// the rates of every stream without one of its own; `streams` sets those streams' rates
  /// (by id). All or nothing: every stream's new rate is checked as a start checks it.
  Status setRate(const std::string& port, const std::string& client, std::optional<double> scale,
                 const std::map<uint32_t, RatePlan>& streams);
  /// Stops the ports still sending under `lease`, with `why` as their error.
  void expireLease(uint64_t lease, const std::string& why);
  /// Whether a port still sends (or starts) under `lease`.
  bool leaseGuards(uint64_t lease);
  Status stopTx(const std::vector<std::string>& ports, const std::string& client);
  /// Empty `ports`: every port `client` may change.
  Status clearStats(const std::vector<std::string>& ports, const std::string& client);
  /// The port's neighbour table (its emulated hosts' neighbours).
  Result<std::vector<v1::Neighbor>> neighbors(const std::string& port);
  /// Resolves every device group's gateways and `addresses` (waits: up to about 4 s), then the
  /// table as neighbors() gives it.
  Result<std::vector<v1::Neighbor>> resolveNeighbors(const std::string& port, const std::string& client,
                                                     const std::vector<std::string>& addresses);
  Status reserve(const std::string& port, const std::string& client);
  Status release(const std::string& port, const std::string& client, bool force);

  /// Every port's cumulative counters, transmit and receive rows paired (rates: the StatsHub),
  /// with each received stream's latency histogram buckets when `latencyBuckets`.
  v1::StatsSnapshot collect(bool latencyBuckets = true);
  /// Where WatchStats subscribes.
  StatsHub& stats() { return hub_; }

  // ---- captures (drone_core_captures.cpp) ----
  /// Starts a capture of the port (sending or not); the engine opens without the lock.
  Status startCapture(const std::string& port, const CaptureSpec& spec, const std::string& client);
  /// Stops it; `discard` also frees what it holds.
  Status stopCapture(const std::string& port, const std::string& client, bool discard);
  /// The named ports' captures (empty: every port that holds one), and the capture memory.
  Result<v1::CaptureStatusReply> captureStatus(const std::vector<std::string>& ports);
  /// The port's capture to read (not running); reading needs no lock.
  Result<std::shared_ptr<const Capture>> fetchCapture(const std::string& port);

  // ---- stateful flows (drone_core_flows.cpp) ----
  /// Starts one side of a checked flow profile on the port (the client's to change).
  Result<v1::StartFlowsReply> startFlows(const std::string& port, v1::FlowRole role, const v1::FlowProfile& profile,
                                         const std::string& client);
  Status stopFlows(const std::string& port, const std::string& client, bool discard);
  Result<v1::FlowStatsReply> flowStats(const std::vector<std::string>& ports, bool latencyBuckets);

 private:
  /// Locked: stops what the ports send and waits (unlocked) until their workers have.
  void stopSending(std::unique_lock<std::mutex>& lock, const std::vector<std::string>& ports);
  /// Locked: the port's row and its streams' transmit rows (stats_rows.h).
  void addRows(v1::StatsSnapshot& snap, const std::string& name, const PortEntry& p,
               const std::map<std::string, LinkCounters>* kernel);
  Status canSetStreamsLocked(const std::string& port, const std::string& client);
  /// Locked: the port's hosts follow its configuration (after a configure, or when it came back).
  Status applyHosts(const PortEntry& p, const v1::PortConfig& config);
  /// A port's plans with their link addresses filled, and what they were filled from.
  struct FilledPlans {
    PlanList from, filled;
    std::shared_ptr<const devices::HostTable> hosts;
  };
  /// Locked: the port's emulated hosts now (null: none).
  std::shared_ptr<const devices::HostTable> hostTableLocked(const std::string& port) const;
  /// Locked: whether the port's streams or hosts are no longer those `resolved` was filled from.
  bool changedLocked(const std::string& port, const FilledPlans& resolved) const;
  /// Unlocked: the ports' plans with eth.src "device" / eth.dst "resolve" filled (resolving first).
  Result<std::map<std::string, FilledPlans>> resolveLinks(const std::vector<std::string>& ports, const std::string& client);
  void reportVanished(std::unique_lock<std::mutex>& lock, const std::vector<std::string>& ports);

  std::unique_ptr<PortSource> source_;
  std::mutex mu_;
  PortTable table_;
  StreamStore streams_;
  Captures captures_;  ///< before tx_ and rx_: the workers and receive threads that copy into captures go first
  Transmitter tx_;
  Receivers rx_;
  PortTaps taps_{rx_, tx_};  ///< where captures are hooked into the engines
  FlowRuns flows_;           ///< its own lock: making hosts takes long
  EmulatedHosts hosts_;
  StatsHub hub_;           ///< after the parts it reads
  std::atomic<bool> discoveryFailing_{false};  ///< the last refresh could not read the ports
  std::jthread watcher_;   ///< notices hot-plugged and removed interfaces
};

}  // namespace staccato::drone
