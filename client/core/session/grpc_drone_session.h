#pragma once
/// GrpcDroneSession: the real DroneSession. Unary calls run in order on one worker thread
/// (CallQueue); connecting and watching stats run on another (DroneWatcher). Results and
/// signals are delivered on the session's thread; stats snapshots are coalesced so a slow GUI
/// only ever gets the latest one.
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "client/core/session/call_queue.h"
#include "client/core/session/drone_session.h"

namespace staccato::client {

class DroneWatcher;

class GrpcDroneSession final : public DroneSession {
  Q_OBJECT
 public:
  explicit GrpcDroneSession(DroneAddress address, QObject* parent = nullptr);
  /// Cancels everything in flight and joins the threads; nothing is delivered afterwards.
  ~GrpcDroneSession() override;

  QString displayName() const override;
  const DroneAddress& address() const override { return address_; }
  SessionState state() const override { return state_; }
  QString stateDetail() const override { return detail_; }
  const std::vector<v1::Port>& ports() const override { return ports_; }
  const v1::GetVersionReply& version() const override { return version_; }

  void connectToDrone(unsigned statsIntervalMs = 500) override;
  void disconnectFromDrone() override;
  void refreshPorts() override;

  void getStreams(const std::string& port, StreamsDone done) override;
  void setStreams(const std::string& port, std::vector<v1::Stream> streams, Done done) override;
  void configurePort(const std::string& port, const v1::PortConfig& config, Done done) override;
  void startTx(std::vector<std::string> ports, Done done) override;
  void stopTx(std::vector<std::string> ports, Done done) override;
  void scaleRate(const std::string& port, double scale, Done done) override;
  void clearStats(std::vector<std::string> ports, Done done) override;
  void reservePort(const std::string& port, Done done) override;
  void releasePort(const std::string& port, bool force, Done done) override;
  void startCapture(v1::StartCaptureRequest request, Done done) override;
  void stopCapture(const std::string& port, bool discard, Done done) override;
  /// On the call thread like every call: the calls after it wait until the capture is written.
  void fetchCapture(const std::string& port, const std::string& path, FetchDone done) override;
  void neighbors(const std::string& port, bool resolve, NeighborsDone done) override;
  // grpc_drone_session_flows.cpp:
  void startFlows(v1::StartFlowsRequest request, FlowsStarted done) override;
  void stopFlows(const std::string& port, Done done) override;
  void flowStats(std::vector<std::string> ports, bool buckets, FlowStatsDone done) override;

 private:
  /// A unary call on the worker thread, with a context carrying token, version and deadline.
  using Rpc = std::function<grpc::Status(DroneConnection&, grpc::ClientContext&)>;

  /// Runs `rpc` on the worker; `deliver` gets the outcome on this object's thread. After a
  /// success, `refreshesPorts` lists the ports again (transmitting, reservations, config).
  /// `deadlineSeconds` 0: none (a transfer that takes as long as it takes).
  void call(QString what, Rpc rpc, bool refreshesPorts, Done deliver, double deadlineSeconds = 10);
  /// Worker thread: lists the ports and delivers them.
  void listPorts(DroneConnection& conn, Cancellation& cancel);
  std::shared_ptr<DroneConnection> connection();
  void stopWatcher();
  /// Runs `f` on this object's thread, unless the object is gone by then.
  template <typename F>
  void post(F&& f) {
    QMetaObject::invokeMethod(this, std::forward<F>(f), Qt::QueuedConnection);
  }
  // On this object's thread:
  void setState(SessionState state, QString detail);
  void onFailed(const std::string& why, bool wasConnected, std::chrono::milliseconds retryIn);
  void deliverStats();
  bool transmittingChanged(const v1::StatsSnapshot& snapshot) const;

  DroneAddress address_;
  QString target_;
  QString hostname_;
  SessionState state_ = SessionState::kDisconnected;
  QString detail_;
  std::vector<v1::Port> ports_;
  v1::GetVersionReply version_;
  unsigned generation_ = 0;  ///< bumped by connect/disconnect: events of older loops are dropped
  bool portsRefreshPending_ = false;
  std::string lastFailure_;

  std::mutex connMu_;
  std::shared_ptr<DroneConnection> conn_;  ///< the watcher's current connection; null when disconnected

  std::mutex statsMu_;
  std::optional<v1::StatsSnapshot> pendingStats_;  ///< latest undelivered snapshot
  unsigned pendingGeneration_ = 0;
  bool statsPosted_ = false;

  std::unique_ptr<DroneWatcher> watcher_;
  CallQueue calls_;
};

}  // namespace staccato::client
