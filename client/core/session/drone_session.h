#pragma once
/// DroneSession: the GUI's view of one drone. Every call is asynchronous: GrpcDroneSession talks
/// gRPC on its own threads and delivers results and signals on the thread that owns the session
/// (the GUI thread). Tests run it against the real drone service over fake ports
/// (drone/fake). Models and widgets only ever see this interface.
#include <QObject>
#include <QString>

#include <functional>
#include <string>
#include <vector>

#include "client/core/capture_transfer.h"
#include "client/core/drone_connection.h"
#include "common/core/result.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::client {

enum class SessionState {
  kDisconnected,  ///< not asked to connect (or disconnected on request)
  kConnecting,    ///< first attempt in progress
  kConnected,     ///< version checked, ports listed, stats flowing
  kReconnecting,  ///< lost or refused; retrying with backoff (stateDetail() says why and when)
};

/// Severity of a log line from the client or a drone.
enum class LogLevel { kInfo, kWarning, kError };

QString stateName(SessionState state);
/// Port names for log lines: "eth1, eth2", or "all ports" when empty (as ClearStats reads it).
QString portListText(const std::vector<std::string>& ports);

class DroneSession : public QObject {
  Q_OBJECT
 public:
  using Done = std::function<void(const Status&)>;
  using StreamsDone = std::function<void(const Result<std::vector<v1::Stream>>&)>;
  using FetchDone = std::function<void(const Result<FetchedCapture>&)>;
  using NeighborsDone = std::function<void(const Result<std::vector<v1::Neighbor>>&)>;
  using FlowsStarted = std::function<void(const Result<v1::StartFlowsReply>&)>;
  using FlowStatsDone = std::function<void(const Result<std::vector<v1::PortFlows>>&)>;

  explicit DroneSession(QObject* parent = nullptr) : QObject(parent) {}
  ~DroneSession() override = default;

  /// Short name for trees and logs: the drone's hostname once known, else the target.
  virtual QString displayName() const = 0;
  virtual const DroneAddress& address() const = 0;
  virtual SessionState state() const = 0;
  /// Why the state is what it is, e.g. "cannot reach ...; retrying in 4 s".
  virtual QString stateDetail() const = 0;
  /// Ports as last listed (refreshed on connect, after configure/start/stop, and on demand).
  virtual const std::vector<v1::Port>& ports() const = 0;
  /// The drone's version reply (empty until connected).
  virtual const v1::GetVersionReply& version() const = 0;

  /// Connects (version check, port list, stats watch at `statsIntervalMs`); on failure or loss
  /// retries with backoff (0.5 s doubling up to 10 s) until disconnectFromDrone().
  virtual void connectToDrone(unsigned statsIntervalMs = 500) = 0;
  virtual void disconnectFromDrone() = 0;
  virtual void refreshPorts() = 0;

  // Calls: `done` runs on the session's thread with the drone's answer (errors say what to fix).
  virtual void getStreams(const std::string& port, StreamsDone done) = 0;
  /// The whole list, validated by the drone all or nothing.
  virtual void setStreams(const std::string& port, std::vector<v1::Stream> streams, Done done) = 0;
  virtual void configurePort(const std::string& port, const v1::PortConfig& config, Done done) = 0;
  virtual void startTx(std::vector<std::string> ports, Done done) = 0;
  virtual void stopTx(std::vector<std::string> ports, Done done) = 0;
  /// A sending port's streams at `scale` times their own rates, at once (SetRate).
  virtual void scaleRate(const std::string& port, double scale, Done done) = 0;
  /// Empty `ports` = all.
  virtual void clearStats(std::vector<std::string> ports, Done done) = 0;
  virtual void reservePort(const std::string& port, Done done) = 0;
  virtual void releasePort(const std::string& port, bool force, Done done) = 0;
  /// A capture on request.port() (its client id is the session's).
  virtual void startCapture(v1::StartCaptureRequest request, Done done) = 0;
  /// Stops it (`discard`: and frees what it holds).
  virtual void stopCapture(const std::string& port, bool discard, Done done) = 0;
  /// Writes what the (stopped) capture holds to `path` as pcapng, chunk by chunk.
  virtual void fetchCapture(const std::string& port, const std::string& path, FetchDone done) = 0;
  /// The port's neighbour table; `resolve`: resolve every device group's gateway first (the
  /// drone waits up to about 4 s).
  virtual void neighbors(const std::string& port, bool resolve, NeighborsDone done) = 0;
  /// One side of a flow run on request.port() (docs/flows.md; its client id is the session's):
  /// the drone makes the side's emulated hosts first, which may take a while.
  virtual void startFlows(v1::StartFlowsRequest request, FlowsStarted done) = 0;
  /// Stops the port's flow run (its numbers stay to be read) and removes its hosts.
  virtual void stopFlows(const std::string& port, Done done) = 0;
  /// The flow runs of `ports` (empty: every port with one); `buckets`: with each latency's
  /// whole histogram (to merge templates and phases).
  virtual void flowStats(std::vector<std::string> ports, bool buckets, FlowStatsDone done) = 0;

 signals:
  void stateChanged();
  void portsChanged();
  /// One stats snapshot (all watched ports and streams of this drone).
  void statsReceived(const staccato::v1::StatsSnapshot& snapshot);
  void logMessage(staccato::client::LogLevel level, const QString& text);
};

}  // namespace staccato::client
