#pragma once
/// Workspace: the GUI's state above the sessions. Owns one DroneSession per drone and the
/// shared models (port tree, stats tables, chart history, one stream list per port), feeds the
/// models from the sessions' signals (streams paired across drones), and runs the port actions (apply, start, stop, clear).
/// No widgets here: the main window and tests drive it the same way.
#include <QObject>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "client/core/session/drone_session.h"
#include "client/models/port_stats_model.h"
#include "client/models/port_tree_model.h"
#include "client/core/files/stats_recording.h"
#include "client/models/stats_history.h"
#include "client/models/stream_list_model.h"
#include "client/models/stream_stats_model.h"

namespace staccato::client {

/// A port of a drone in the workspace.
struct PortRef {
  QString drone;  ///< session key
  std::string port;
  bool operator<(const PortRef& o) const { return std::tie(drone, port) < std::tie(o.drone, o.port); }
  bool operator==(const PortRef& o) const = default;
};

class Workspace : public QObject {
  Q_OBJECT
 public:
  explicit Workspace(QObject* parent = nullptr);
  ~Workspace() override;

  /// Adds a session (the workspace owns it) and connects it; returns its key (the target).
  QString addSession(std::unique_ptr<DroneSession> session, unsigned statsIntervalMs = 500);
  void removeSession(const QString& key);
  DroneSession* session(const QString& key) const;
  QStringList sessionKeys() const;

  PortTreeModel* portTree() { return &portTree_; }
  PortStatsModel* portStats() { return &portStats_; }
  StreamStatsModel* streamStats() { return &streamStats_; }
  StatsHistory* history() { return &history_; }

  /// Records every drone's stats snapshots to `path` (JSON lines; CSV when it ends in .csv)
  /// until stopRecording() or a write fails (said in the log).
  Status startRecording(const QString& path);
  void stopRecording();
  /// The file being recorded to, or "".
  QString recordingPath() const;

  /// The port's stream list; created on first use and filled from the drone.
  StreamListModel* streams(const PortRef& port);
  /// The port's stream list if it was ever asked for, else nullptr (nothing is fetched).
  StreamListModel* loadedStreams(const PortRef& port) const;
  /// Replaces the port's streams as one undo step (unapplied until apply()).
  void replaceStreams(const PortRef& port, const std::vector<v1::Stream>& streams, const QString& undoText);
  /// A configuration to send with the port's next apply() (a session file's, say); revert()
  /// drops it.
  void setPendingConfig(const PortRef& port, const v1::PortConfig& config);
  /// The configuration apply() will send, if any.
  const v1::PortConfig* pendingConfig(const PortRef& port) const;
  /// Drops unapplied changes: reloads the port's list from its drone.
  void revert(const PortRef& port);
  /// True when the port has unapplied stream edits or a pending configuration.
  bool isDirty(const PortRef& port) const;
  /// Ports with unapplied changes.
  std::vector<PortRef> dirtyPorts() const;

  using Done = std::function<void(const Status&)>;
  /// Sends the port's pending configuration, if any, then its whole stream list (the drone
  /// validates all or nothing).
  void apply(const PortRef& port, Done done = {});
  /// Applies unapplied changes first, then starts each drone's ports in one call.
  void start(const std::vector<PortRef>& ports, Done done = {});
  void stop(const std::vector<PortRef>& ports, Done done = {});
  void clearStats(const std::vector<PortRef>& ports, Done done = {});
  void configure(const PortRef& port, const v1::PortConfig& config, Done done = {});
  /// Every port of every connected drone.
  std::vector<PortRef> allPorts() const;

 signals:
  void log(staccato::client::LogLevel level, const QString& source, const QString& text);
  /// A port's stream list was (re)loaded from its drone.
  void streamsLoaded(const staccato::client::PortRef& port);
  /// The recording ended by itself: a write failed (logged).
  void recordingStopped();

 private:
  void wire(const QString& key, DroneSession* session);
  /// Feeds the stream table and the charts: with several drones, every drone's latest snapshot
  /// paired across drones (rpc/stats/stream_pairing), so a stream sent on one drone and received
  /// on another is one row, the sender's.
  void applyStreamStats(const QString& key, const v1::StatsSnapshot& snapshot);
  void updateStreamNames(const PortRef& port);
  void showDirty(const PortRef& port) { portTree_.setPortDirty(port.drone, port.port, isDirty(port)); }
  void applyStreams(const PortRef& port, Done done);
  /// Reads the port's streams from the drone into its list; unless `force`, not over local edits.
  void fetch(const PortRef& port, StreamListModel* model, bool force);
  /// Runs `call` once per drone with that drone's port names; `done` gets the first error.
  void perDrone(const std::vector<PortRef>& ports, const QString& verb,
                const std::function<void(DroneSession&, std::vector<std::string>, DroneSession::Done)>& call, Done done);

  std::map<QString, std::unique_ptr<DroneSession>> sessions_;
  std::map<PortRef, std::unique_ptr<StreamListModel>> streamLists_;
  std::map<PortRef, v1::PortConfig> pendingConfigs_;
  std::map<PortRef, uint64_t> lastFetch_;  ///< only the latest fetch of a port's streams lands
  std::map<QString, v1::StatsSnapshot> latest_;  ///< each drone's last snapshot, for pairing across drones
  PortTreeModel portTree_;
  PortStatsModel portStats_;
  StreamStatsModel streamStats_;
  StatsHistory history_;
  std::unique_ptr<StatsRecorder> recorder_;
  unsigned statsIntervalMs_ = 500;  ///< the sessions' (for the recording's header)
};

}  // namespace staccato::client
