#pragma once
/// Starts and stops a drone on this machine for the GUI: the plain local drone
/// (unix:/run/staccato/drone.sock, owner-only), the demo lab (a private veth pair, listening on a
/// Unix socket of its own) or the router lab (unix:/run/staccato/router-lab.sock).
/// Not root: runs it through `sudo -n` and, when that is not allowed, says how to fix it.
#include <QObject>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <memory>

namespace staccato::client {

/// Which drone to start: the host's ports, or one of the labs (see docs/drone.md).
enum class LocalLab { kNone, kDemo, kRouter };

class LocalDrone : public QObject {
  Q_OBJECT
 public:
  explicit LocalDrone(QObject* parent = nullptr);
  ~LocalDrone() override;

  /// staccato-drone next to this program (build tree or install prefix), $STACCATO_DRONE_BIN, or PATH.
  static QString findBinary();

  /// Starts the drone; the demo lab on a Unix socket in a private directory. Returns the
  /// address to connect to ("unix:/run/staccato/drone.sock", "unix:/tmp/.../drone.sock" or
  /// "unix:/run/staccato/router-lab.sock"), or an empty string after emitting failed().
  QString start(LocalLab lab);
  /// SIGTERM, then SIGKILL after 3 s: a lab vanishes with the drone.
  void stop();
  bool running() const;

 signals:
  void log(const QString& line);
  void failed(const QString& why);

 private:
  QProcess process_;
  std::unique_ptr<QTemporaryDir> socketDir_;
  QString stderrTail_;
};

}  // namespace staccato::client
