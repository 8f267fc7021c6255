#pragma once
/// FakeDroneSession: an in-process drone for widget tests, screenshots and benchmarks. Calls
/// keep the real session's contract (answers and signals arrive later, from the event loop,
/// never inside the call); streams are validated by the same compiler the drone uses. The test
/// hooks play the drone's side and act at once.
#include <QElapsedTimer>
#include <QTimer>

#include <map>
#include <optional>

#include "client/core/session/drone_session.h"
#include "client/core/session/traffic_simulator.h"

namespace staccato::client {

class FakeDroneSession final : public DroneSession {
  Q_OBJECT
 public:
  /// `name` is the drone's hostname (and target, "fake:name"); `ports` as ListPorts would
  /// return them.
  FakeDroneSession(QString name, std::vector<v1::Port> ports, QObject* parent = nullptr);

  QString displayName() const override { return name_; }
  const DroneAddress& address() const override { return address_; }
  SessionState state() const override { return state_; }
  QString stateDetail() const override { return detail_; }
  const std::vector<v1::Port>& ports() const override { return ports_; }
  const v1::GetVersionReply& version() const override { return version_; }

  void connectToDrone(unsigned statsIntervalMs = 500) override;
  void disconnectFromDrone() override;
  void refreshPorts() override;

  /// Calls fail with kUnavailable unless connected and reachable.
  void getStreams(const std::string& port, StreamsDone done) override;
  void setStreams(const std::string& port, std::vector<v1::Stream> streams, Done done) override;
  void configurePort(const std::string& port, const v1::PortConfig& config, Done done) override;
  void startTx(std::vector<std::string> ports, Done done) override;
  void stopTx(std::vector<std::string> ports, Done done) override;
  void clearStats(std::vector<std::string> ports, Done done) override;
  void reservePort(const std::string& port, Done done) override;
  void releasePort(const std::string& port, bool force, Done done) override;

  // ---- test hooks (act now, emitting synchronously) ----
  /// Replaces the address (a token, TLS, another target); before the session is added.
  void setAddress(DroneAddress address) { address_ = std::move(address); }
  /// Emits statsReceived(snapshot) as if the drone had sent it.
  void emitStats(const v1::StatsSnapshot& snapshot);
  /// false: the drone goes away (kReconnecting with a detail while connecting is asked for;
  /// calls fail with kUnavailable); true: it is back (kConnected).
  void setReachable(bool reachable);
  /// The next call (refreshPorts included) fails with `error`.
  void failNextCall(Error error);
  /// Calls made so far: the eight calls and refreshPorts.
  int callCount() const { return callCount_; }
  /// Every `intervalMs` while connected: a snapshot from TrafficSimulator.
  void setSimulatedTraffic(bool on, unsigned intervalMs = 500);

 private:
  using Op = std::function<Status()>;
  /// Counts the call, then later (from the event loop) runs `op` unless the call fails first,
  /// answers `done`, and emits portsChanged after a success when `changesPorts`.
  void run(QString what, Op op, Done done, bool changesPorts);
  /// Why a call made now fails, if it does (consumes failNextCall).
  std::optional<Error> admit();
  /// Brings state() in line with "connect asked for" and "reachable".
  void updateState();
  Result<v1::Port*> find(const std::string& port);
  /// The named ports, if all exist and this client may change them.
  Result<std::vector<v1::Port*>> owned(const std::vector<std::string>& ports);
  void simulate();
  template <typename F>
  void later(F&& f) {
    QMetaObject::invokeMethod(this, std::forward<F>(f), Qt::QueuedConnection);
  }

  QString name_;
  DroneAddress address_;
  std::vector<v1::Port> ports_;
  v1::GetVersionReply version_;
  SessionState state_ = SessionState::kDisconnected;
  QString detail_;
  bool wanted_ = false;  ///< connectToDrone asked for (and no disconnect since)
  bool reachable_ = true;
  std::optional<Error> failNext_;
  int callCount_ = 0;
  std::map<std::string, std::vector<v1::Stream>> streams_;
  std::map<std::string, std::vector<SimulatedStream>> compiled_;  ///< streams_, compiled
  TrafficSimulator simulator_;
  QTimer trafficTimer_;
  QElapsedTimer sinceLastStep_;
};

}  // namespace staccato::client
