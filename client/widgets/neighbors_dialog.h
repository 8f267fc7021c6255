#pragma once
/// A port's neighbour table (its emulated hosts' neighbours: IP, MAC, state, age, the host, VLANs),
/// refreshed on demand, with "Resolve" asking the drone to resolve every group's gateway. It
/// closes when its drone's session goes (disconnected, or replaced by a reconnect).
#include <QDialog>
#include <QPointer>

#include "staccato/v1/drone.pb.h"

class QLabel;
class QTableWidget;

namespace staccato::client {

class DroneSession;

class NeighborsDialog : public QDialog {
  Q_OBJECT
 public:
  NeighborsDialog(DroneSession& session, std::string port, QWidget* parent = nullptr);
  /// Shows `neighbors` (what the drone answered).
  void showNeighbors(const std::vector<v1::Neighbor>& neighbors);
  QTableWidget* table() const { return table_; }

 private:
  void ask(bool resolve);
  QPointer<DroneSession> session_;  ///< null once the session is gone (the dialog then closes)
  std::string port_;
  QTableWidget* table_;
  QLabel* status_;
};

}  // namespace staccato::client
