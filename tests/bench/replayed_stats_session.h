#pragma once
// A stand-in drone session for the GUI responsiveness benchmark only: connected at once to the
// ports it is given, it delivers the stats snapshots the benchmark hands it, so that the figures
// measure the GUI's work alone (building snapshots is the drone's). Its ports hold no streams;
// other calls are refused.
#include <QMetaObject>

#include "client/core/session/drone_session.h"

namespace staccato::client {

class ReplayedStatsSession final : public DroneSession {
 public:
  ReplayedStatsSession(QString name, std::vector<v1::Port> ports) : name_(std::move(name)), ports_(std::move(ports)) {
    address_.target = "bench:" + name_.toStdString();
  }
  QString displayName() const override { return name_; }
  const DroneAddress& address() const override { return address_; }
  SessionState state() const override { return state_; }
  QString stateDetail() const override { return {}; }
  const std::vector<v1::Port>& ports() const override { return ports_; }
  const v1::GetVersionReply& version() const override { return version_; }
  void connectToDrone(unsigned) override {
    state_ = SessionState::kConnected;
    QMetaObject::invokeMethod(this, [this] { emit stateChanged(), emit portsChanged(); }, Qt::QueuedConnection);
  }
  void disconnectFromDrone() override { state_ = SessionState::kDisconnected; }
  void refreshPorts() override {}
  void getStreams(const std::string&, StreamsDone done) override {
    later([done] { done(std::vector<v1::Stream>{}); });
  }
  void setStreams(const std::string&, std::vector<v1::Stream>, Done done) override { refuse(done); }
  void configurePort(const std::string&, const v1::PortConfig&, Done done) override { refuse(done); }
  void startTx(std::vector<std::string>, Done done) override { refuse(done); }
  void stopTx(std::vector<std::string>, Done done) override { refuse(done); }
  void scaleRate(const std::string&, double, Done done) override { refuse(done); }
  void clearStats(std::vector<std::string>, Done done) override { refuse(done); }
  void reservePort(const std::string&, Done done) override { refuse(done); }
  void releasePort(const std::string&, bool, Done done) override { refuse(done); }
  void startCapture(v1::StartCaptureRequest, Done done) override { refuse(done); }
  void stopCapture(const std::string&, bool, Done done) override { refuse(done); }
  void fetchCapture(const std::string&, const std::string&, FetchDone done) override { later([done] { done(refused()); }); }
  void neighbors(const std::string&, bool, NeighborsDone done) override {
    later([done] { done(std::vector<v1::Neighbor>{}); });
  }
  void startFlows(v1::StartFlowsRequest, FlowsStarted done) override { later([done] { done(refused()); }); }
  void stopFlows(const std::string&, Done done) override { refuse(done); }
  void flowStats(std::vector<std::string>, bool, FlowStatsDone done) override {
    later([done] { done(std::vector<v1::PortFlows>{}); });
  }

  /// Delivers `snapshot` as if the drone had sent it.
  void deliver(const v1::StatsSnapshot& snapshot) { emit statsReceived(snapshot); }

 private:
  static Error refused() { return makeError("", "the benchmark's drone takes no calls", ErrorKind::kUnavailable); }
  template <typename F>
  void later(F f) {
    QMetaObject::invokeMethod(this, std::move(f), Qt::QueuedConnection);
  }
  void refuse(const Done& done) { later([done] { done(refused()); }); }

  QString name_;
  DroneAddress address_;
  std::vector<v1::Port> ports_;
  v1::GetVersionReply version_;
  SessionState state_ = SessionState::kDisconnected;
};

}  // namespace staccato::client
