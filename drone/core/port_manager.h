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
#include "drone/port/kernel_stats.h"
#include "drone/port/port_info.h"
#include "drone/rx/signature_receiver.h"
#include "drone/tx/tx_session.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::drone {

class StatsSampler;

class PortManager {
 public:
  /// `defaults`: the configuration new ports start with.
  explicit PortManager(PortFilter filter, v1::PortConfig defaults = {});
  ~PortManager();

  /// Re-reads the interfaces: new ones appear, vanished ones stop with an error.
  void refresh();

  std::vector<v1::Port> listPorts();
  Status configurePort(const std::string& port, const v1::PortConfig& config, const std::string& client);
  Status setStreams(const std::string& port, const google::protobuf::RepeatedPtrField<v1::Stream>& streams,
                    const std::string& client);
  Result<std::vector<v1::Stream>> getStreams(const std::string& port);
  Status startTx(const std::vector<std::string>& ports, const std::string& client);
  Status stopTx(const std::vector<std::string>& ports, const std::string& client);
  Status clearStats(const std::vector<std::string>& ports, const std::string& client);
  Status reserve(const std::string& port, const std::string& client);
  Status release(const std::string& port, const std::string& client, bool force);

  /// Raw counters for a stats snapshot (rates are computed by StatsSampler).
  v1::StatsSnapshot collect(const std::vector<std::string>& ports);

 private:
  struct Port {
    PortInfo info;
    bool present = true;
    v1::PortConfig config;
    std::vector<v1::Stream> streams;
    std::vector<TxPlan> plans;  ///< compiled `streams`, same order
    std::string reservedBy;
    std::unique_ptr<TxSession> tx;     ///< the last start's workers (kept after they finish, for counts)
    std::vector<uint32_t> txStreamIds;  ///< stream id of each of tx's streams
    std::string backend, backendReason;  ///< what the last start chose, and why
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
  static bool transmitting(const Port& p) { return p.tx && !p.tx->finished(); }
  static bool turboRx(const Port& p) { return p.rx && p.rxBackend.starts_with("turbo"); }
  double lineRate(const Port& p) const;
  void reapFinished(Port& p);
  /// Opens (or re-opens, after a config change) the receive engine the port's config asks for.
  void openReceiver(Port& p);

  PortFilter filter_;
  v1::PortConfig defaults_;
  std::mutex mu_;
  std::map<std::string, Port> ports_;
  std::jthread watcher_;  ///< notices hot-plugged and removed interfaces
};

}  // namespace staccato::drone
