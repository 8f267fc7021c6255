#pragma once
/// The drone's ports and everything attached to them: configuration, streams (validated all or
/// nothing), reservations, transmit workers and receivers. The gRPC service is a thin layer
/// over this; all methods are thread-safe (one control-plane mutex, never taken per packet).
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "common/core/result.h"
#include "drone/core/drone_limits.h"
#include "drone/core/worker_closer.h"
#include "drone/port/kernel_stats.h"
#include "drone/port/port_info.h"
#include "drone/rx/signature_receiver.h"
#include "drone/tx/tx_session.h"
#include "rpc/streams/stream_parts.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::drone {

class StatsSampler;

class PortManager {
 public:
  /// `defaults`: the configuration new ports start with.
  explicit PortManager(PortFilter filter, v1::PortConfig defaults = {}, DroneLimits limits = {});
  ~PortManager();

  /// Re-reads the interfaces: new ones appear, vanished ones stop with an error.
  void refresh();

  std::vector<v1::Port> listPorts();
  Status configurePort(const std::string& port, const v1::PortConfig& config, const std::string& client);
  /// Whether `client` may set the port's streams now (it exists, is not sending, not reserved
  /// by someone else): checked before a long upload, and again by setStreams.
  Status canSetStreams(const std::string& port, const std::string& client);
  /// Bytes of streams the port may hold: the drone's stream memory less the other ports' streams.
  size_t streamBytesAvailable(const std::string& port);
  /// Replaces the port's streams, all or nothing. Compiles without holding the ports' lock.
  Status setStreams(const std::string& port, rpc::Streams streams, const std::string& client);
  /// The port's streams as they were set (shared, never copied).
  Result<std::shared_ptr<const rpc::Streams>> getStreams(const std::string& port);
  /// Starts the ports, all or none. `lease` (not 0): the LeaseBook lease that stops them if the
  /// client goes away (see expireLease).
  Status startTx(const std::vector<std::string>& ports, const std::string& client, uint64_t lease = 0);
  /// Stops the ports still sending under `lease`, with `why` as their error.
  void expireLease(uint64_t lease, const std::string& why);
  Status stopTx(const std::vector<std::string>& ports, const std::string& client);
  Status clearStats(const std::vector<std::string>& ports, const std::string& client);
  Status reserve(const std::string& port, const std::string& client);
  Status release(const std::string& port, const std::string& client, bool force);

  /// Raw counters for a stats snapshot (rates are computed by StatsSampler).
  v1::StatsSnapshot collect(const std::vector<std::string>& ports);

 private:
  struct StoredStreams {
    rpc::Streams streams;
    std::vector<TxPlan> plans;  ///< compiled `streams`, same order
    size_t bytes = 0;           ///< counted against the drone's stream memory
  };
  struct Port {
    PortInfo info;
    bool present = true;
    v1::PortConfig config;
    std::shared_ptr<const StoredStreams> stored = std::make_shared<StoredStreams>();
    std::string reservedBy;
    std::unique_ptr<TxSession> tx;     ///< the last start's workers (kept after they finish, for counts)
    std::vector<uint32_t> txStreamIds;  ///< stream id of each of tx's streams
    std::string backend, backendReason;  ///< what the last start chose, and why
    uint64_t lease = 0;                  ///< the last start's lease, 0 = none
    bool starting = false;               ///< startTx is opening its backends (unlocked)
    std::unique_ptr<SignatureReceiver> rx;
    bool rxAskedTurbo = false;                   ///< the config rx was opened for
    PortInfo rxOpenedFor;                        ///< the interface as it was then
    std::string rxBackend, rxBackendReason;      ///< its engine, and why
    std::string rxError;
    std::string error;
    int cpu = -1;
    LinkCounters kernelBaseline;  ///< kernel counters at the last ClearStats
  };

  Result<Port*> find(const std::string& name);
  /// The named ports, if they all exist and `client` may change them.
  Result<std::vector<Port*>> owned(const std::vector<std::string>& names, const std::string& client);
  Status checkOwner(const Port& p, const std::string& client) const;
  Status canSetStreamsLocked(const std::string& port, const std::string& client);
  size_t streamBytesAvailableLocked(const std::string& port) const;
  static bool transmitting(const Port& p) { return p.starting || (p.tx && !p.tx->finished()); }
  static bool turboRx(const Port& p) { return p.rx && p.rxBackend.starts_with("turbo"); }
  double lineRate(const Port& p) const;
  void reapFinished(Port& p);
  /// Asks every port's workers to stop, waits until they have, and keeps their errors.
  void stopAndReap(const std::vector<Port*>& ports);
  /// Opens (or re-opens, after a config change) the receive engine the port's config asks for.
  void openReceiver(Port& p);

  PortFilter filter_;
  v1::PortConfig defaults_;
  DroneLimits limits_;
  WorkerCloser closer_;  ///< before mu_ and ports_: outlives every session
  std::mutex mu_;
  std::map<std::string, Port> ports_;
  std::jthread watcher_;  ///< notices hot-plugged and removed interfaces
};

}  // namespace staccato::drone
