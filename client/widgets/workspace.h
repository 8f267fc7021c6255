#pragma once
/// Workspace: the GUI's state above the sessions. Owns one DroneSession per drone and the
/// shared models (port tree, stats tables, chart history, one stream list per port), feeds the
/// models from the sessions' signals, and runs the port actions (apply, start, stop, clear).
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

  /// The port's stream list; created on first use and filled from the drone.
  StreamListModel* streams(const PortRef& port);
  /// Drops unapplied changes: reloads the port's list from its drone.
  void revert(const PortRef& port);
  /// Ports whose stream lists differ from what the drone has.
  std::vector<PortRef> dirtyPorts() const;

  using Done = std::function<void(const Status&)>;
  /// Sends the port's whole stream list (the drone validates all or nothing).
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

 private:
  void wire(const QString& key, DroneSession* session);
  void updateStreamNames(const PortRef& port);
  /// Reads the port's streams from the drone into its list; unless `force`, not over local edits.
  void fetch(const PortRef& port, StreamListModel* model, bool force);
  /// Runs `call` once per drone with that drone's port names; `done` gets the first error.
  void perDrone(const std::vector<PortRef>& ports, const QString& verb,
                const std::function<void(DroneSession&, std::vector<std::string>, DroneSession::Done)>& call, Done done);

  std::map<QString, std::unique_ptr<DroneSession>> sessions_;
  std::map<PortRef, std::unique_ptr<StreamListModel>> streamLists_;
  PortTreeModel portTree_;
  PortStatsModel portStats_;
  StreamStatsModel streamStats_;
  StatsHistory history_;
};

}  // namespace staccato::client
