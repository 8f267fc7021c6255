#pragma once
/// FlowsRun: one flow run from the GUI, as `staccato-cli flows run` makes it, every call
/// asynchronous through the drone sessions: the profile's servers on one port, then its clients
/// on another (the same drone or another), the client side read each second (FlowStats with
/// latency buckets, the server side's too) into the table and chart series, and when the
/// client's run is no longer running (or on Stop) both sides stopped and read a last time. A
/// failed start never leaves the servers running: they are stopped before finished() says why.
#include <QObject>
#include <QPointer>
#include <QString>

#include <string>

#include "client/core/session/drone_session.h"
#include "client/models/flow_run_model.h"
#include "client/models/flow_series.h"
#include "staccato/v1/flow.pb.h"

class QTimer;

namespace staccato::client {

class FlowsRun : public QObject {
  Q_OBJECT
 public:
  /// One side of the run: a port of a drone's session.
  struct Side {
    QPointer<DroneSession> session;
    std::string port;
    QString name;  ///< for messages: "PORT on DRONE"
  };
  enum class State { kIdle, kStartingServers, kStartingClients, kRunning, kStopping };
  static constexpr int kPollMs = 1000;

  explicit FlowsRun(QObject* parent = nullptr);

  /// Starts the run (servers first); false when one is going on.
  bool start(const v1::FlowProfile& profile, Side clients, Side servers);
  /// Ends the run early: both sides stopped, what was measured kept.
  void stop();
  /// How often the client side is read (kPollMs unless tests want it faster).
  void setPollMs(int ms);

  State state() const { return state_; }
  bool running() const { return state_ != State::kIdle; }
  bool stopRequested() const { return stopRequested_; }
  const v1::FlowProfile& profile() const { return profile_; }
  /// The run's phases together, in seconds (the client side's once read, else the profile's).
  double durationSeconds() const;
  /// Why the last run ended early ("" when it ran to its end or was stopped).
  const QString& error() const { return error_; }

  FlowRunModel* model() { return &model_; }
  FlowSeries* series() { return &series_; }

 signals:
  /// A side's hosts are made and its run started ("4 servers on demo1 (made in 12 ms)").
  void sideStarted(const QString& text);
  /// A reading of the client side landed in model() and series().
  void read();
  /// The run is over: both sides stopped (as far as their drones answered) and read.
  void finished();

 private:
  void startSide(v1::FlowRole role);
  void poll();
  /// Stops both sides, reads them a last time, then finishes; `why` (if any) is the error.
  void end(const QString& why);
  void readLast();
  void finish();
  /// A callback that runs only while this run (and its generation) still stands.
  template <typename F>
  auto guarded(F f);

  State state_ = State::kIdle;
  v1::FlowProfile profile_;
  Side clients_, servers_;
  bool clientsStarted_ = false, serversStarted_ = false, stopRequested_ = false, pollPending_ = false;
  int waiting_ = 0;  ///< replies the current step still waits for
  int failedPolls_ = 0;  ///< readings of the clients in a row that failed
  unsigned generation_ = 0;
  QString error_;
  FlowRunModel model_;
  FlowSeries series_;
  QTimer* timer_;
};

}  // namespace staccato::client
