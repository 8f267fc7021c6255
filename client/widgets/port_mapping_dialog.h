#pragma once
/// "Port mapping": where each port of a session file goes on the connected drones. One row per
/// session port (drone, port, stream count) with a combo box of the connected drones' ports;
/// a session drone that is not connected can first be mapped onto a connected drone. OK stays
/// disabled while two session ports go to the same port.
#include <QDialog>

#include <map>
#include <string>
#include <vector>

#include "common/core/result.h"
#include "staccato/v1/session.pb.h"

class QComboBox;
class QDialogButtonBox;
class QLabel;

namespace staccato::client {

/// A port a session port can go to: a port of a connected drone.
struct MappingTarget {
  std::string drone;  ///< the drone's address (its workspace key)
  QString droneName;  ///< shown next to the address
  std::string port;
};

class PortMappingDialog : public QDialog {
  Q_OBJECT
 public:
  /// `targets`: every port of every connected drone. A session drone whose address is among the
  /// targets' drones maps to itself. Each port's default is the port of the same name on its
  /// (mapped) drone, else "(skip)".
  PortMappingDialog(v1::SessionFile session, std::vector<MappingTarget> targets, QWidget* parent = nullptr);

  /// True when every session port has a target (nothing needs asking).
  bool complete() const;
  /// The session with each port moved to its chosen target; skipped ports are left out.
  Result<v1::SessionFile> mappedSession() const;

  /// Row `row`'s target combo (rows in session order: drones, then their ports); for tests.
  QComboBox* targetCombo(int row) const { return rows_.at(static_cast<size_t>(row)).combo; }
  /// The combo mapping session drone `drone` (index in the session) onto a connected drone, or
  /// nullptr when that drone is connected; for tests.
  QComboBox* droneCombo(int drone) const;

 private:
  struct Row {
    int drone;  ///< index of the session drone
    int port;   ///< index of the port in that drone
    QComboBox* combo;
  };
  /// The connected drone session drone `drone` goes to, or "" when none.
  std::string mappedDrone(int drone) const;
  /// Picks the default target of each row of session drone `drone`.
  void setDefaults(int drone);
  /// Enables OK unless two rows share a target (and says which).
  void validate();
  /// The target index chosen in a row, or -1 for "(skip)".
  static int chosen(const Row& row);

  v1::SessionFile session_;
  std::vector<MappingTarget> targets_;
  std::vector<Row> rows_;
  std::map<int, QComboBox*> droneCombos_;  ///< session drones that are not connected
  QLabel* problem_ = nullptr;
  QDialogButtonBox* buttons_ = nullptr;
};

}  // namespace staccato::client
