#pragma once
/// File > Save Session / Open Session: every connected drone's ports (configuration and
/// streams) to and from a session file. Opening matches the session's drones to the connected
/// ones (same address), offers to connect the others, asks for a port mapping when a port is
/// missing (or when asked to), and loads the result as unapplied changes, all or nothing.
/// Nothing here blocks the GUI thread: drone calls and dialogs are asynchronous.
/// File > Open Fleet connects every drone of a fleet file (drones.yaml, client/core/fleet) with
/// its credentials; session files that name drones @NAME then open onto the fleet's drones.
#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

#include "client/core/fleet/fleet_file.h"
#include "client/widgets/workspace.h"
#include "staccato/v1/session.pb.h"

class QWidget;

namespace staccato::client {

class SessionActions : public QObject {
  Q_OBJECT
 public:
  /// Makes a session for a drone the user chose to connect (the GUI's: gRPC).
  using SessionMaker = std::function<std::unique_ptr<DroneSession>(const DroneAddress&)>;

  /// Dialogs and messages open on `window`.
  SessionActions(Workspace* workspace, QWidget* window, SessionMaker makeSession);

  /// Writes every connected drone with each port's configuration (a pending one if set) and
  /// streams (the table's list when it has unapplied edits, else the drone's), never a token.
  /// `done` gets the outcome; errors are also shown.
  void saveSession(const QString& path, std::function<void(const Status&)> done = {});
  /// Reads a session file and loads it onto the connected drones; `alwaysAskMapping` shows the
  /// port mapping dialog even when every port has a port of the same name.
  void openSession(const QString& path, bool alwaysAskMapping = false);
  /// Connects every drone of the fleet file not connected yet, with the fleet's address, TLS, CA
  /// and token; remembers the fleet for sessions that name drones @NAME. Errors are shown; a
  /// drone whose token cannot be read is left out (the others are connected).
  void openFleet(const QString& path);
  /// The fleet opened last, if any.
  const std::optional<Fleet>& fleet() const { return fleet_; }
  /// True when the file holds a session (rather than a stream file).
  static bool isSessionFile(const QString& path);

 signals:
  /// A session file's ports are in the workspace (unapplied).
  void sessionOpened(const QString& path);
  /// A fleet file's drones were added.
  void fleetOpened(const QString& path);
  /// A session file was written.
  void sessionSaved(const QString& path);

 private:
  /// Connects the session's drones that are not connected, then maps (once they are up or
  /// after a timeout).
  void connectMissing(const QString& path, const v1::SessionFile& session, bool alwaysAskMapping);
  /// Shows the mapping dialog when needed, then loads.
  void mapAndLoad(const QString& path, const v1::SessionFile& session, bool alwaysAskMapping);
  /// Puts a mapped session's ports into the workspace; checks every port first so that a
  /// failure changes nothing.
  Status load(const QString& path, const v1::SessionFile& mapped);
  void fail(const QString& what, const QString& message);

  Workspace* workspace_;
  QWidget* window_;
  SessionMaker makeSession_;
  std::optional<Fleet> fleet_;
};

}  // namespace staccato::client
