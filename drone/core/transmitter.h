#pragma once
/// Each port's transmit side: the last start's workers (kept after they finish, for their
/// counts), the backend it chose and why, its lease and its error. Starting is split so that
/// opening sockets (which waits for the kernel: seconds on a busy host) runs without the
/// DroneCore's lock: begin (locked) -> open (unlocked) -> finish (locked). Not thread-safe
/// otherwise: the DroneCore's lock guards it.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "drone/core/backend_choice.h"
#include "drone/core/port_table.h"
#include "drone/core/stream_store.h"
#include "drone/core/worker_closer.h"
#include "drone/tx/tx_session.h"
#include "drone/tx/tx_tap.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::drone {

/// One of the streams a start sends: its id, and whether it carries a signature (only then can
/// a receiver count it).
struct SentStream {
  uint32_t id = 0;
  bool tracked = false;
};

struct PortTx {
  std::shared_ptr<TxSession> session;  ///< the last start's (kept after they finish, for counts)
  std::vector<SentStream> streams;     ///< each of the session's streams, in its order
  std::string backend, reason;         ///< what the last start chose, and why ("" = none since configure)
  uint64_t lease = 0;                  ///< the last start's lease, 0 = none
  std::vector<int> cpus;               ///< the cores its workers are pinned to (-1 = none)
  bool starting = false;               ///< its backends are being opened (unlocked)
  std::string error;                   ///< the last transmit error, "" = none
  std::string startedBy;               ///< the client of the last start
  v1::RunLabel run;                    ///< what the last start said the run is
  uint64_t startsAtNs = 0;             ///< monotonic time a scheduled start waits for (0 = at once)
  std::shared_ptr<TxTap> tap = std::make_shared<TxTap>();  ///< the port's capture, for every run's workers
  PlanList plans;                     ///< what the last start sends
  std::shared_ptr<RateControl> rates;  ///< the last start's live rate changes
};

/// A start in progress on one port: what opening its backends needs, taken under the lock.
struct PendingStart {
  std::string port;
  PortInfo info;
  v1::PortConfig config;
  TxJob job;
  int cpu = -1;
  /// The port's receive engine when it is turbo: its sockets hold the port's AF_XDP queues, and
  /// turbo transmit sends through them (kept alive until the start is done).
  std::shared_ptr<SignatureReceiver> turboReceiver;
  bool afterTurbo = false; ///< the last run used AF_XDP: its sockets must close first
  Result<BackendChoice> chosen = makeError("", "not opened");
};

class Transmitter {
 public:
  explicit Transmitter(PortSource& source) : source_(source) {}
  ~Transmitter();  ///< stops every port's workers

  const PortTx& of(const std::string& port) { return ports_[port]; }
  bool transmitting(const std::string& port);
  /// Collects finished workers (their sockets close on the closer's thread) and keeps their error.
  void reap(const std::string& port);

  /// Locked: marks the port as starting and takes what opening needs.
  PendingStart begin(const PortEntry& port, PlanList plans, std::shared_ptr<SignatureReceiver> turboReceiver);
  /// Unlocked: opens the backends.
  void open(PendingStart& start);
  /// Locked: the backends opened; the workers start (or the port is no longer starting).
  void finish(PendingStart& start, uint64_t lease, const std::string& client, const v1::RunLabel& run = {});
  void abandon(const PendingStart& start);  ///< locked: another port's backends did not open

  /// Locked: asks the ports' workers to stop; returns their sessions, to wait for unlocked.
  std::vector<std::shared_ptr<TxSession>> requestStop(const std::vector<std::string>& ports);
  static void waitFinished(const std::vector<std::shared_ptr<TxSession>>& sessions);

  /// The cores the workers of every sending port are pinned to (bit k = core k).
  uint64_t busyCores();
  /// Ports still sending under `lease`.
  std::vector<std::string> leasedTo(uint64_t lease);
  /// The port's streams changed: its last run's counts belong to streams that are gone.
  void forget(const std::string& port);
  void clearCounters(const std::string& port);
  void setError(const std::string& port, std::string error) { ports_[port].error = std::move(error); }
  /// The port's capture gets what its workers send where no kernel tap sees it (AF_XDP); null:
  /// none. Returns once no worker uses the previous one.
  void setTap(const std::string& port, CaptureSink* sink);
  /// What the next start would choose, before any start since the last configure.
  void resetChoice(const std::string& port) { ports_[port].backend.clear(); }

 private:
  PortSource& source_;
  WorkerCloser closer_;  ///< before ports_: outlives every session
  std::map<std::string, PortTx> ports_;
};

}  // namespace staccato::drone
