#pragma once
/// A choice of one port among every port of every connected drone (the port tree), listed as
/// "DRONE · PORT" and kept across changes to the tree: the benchmark pages' send and receive ports.
#include <QComboBox>

#include <optional>

#include "client/models/port_tree_model.h"
#include "client/widgets/workspace.h"

namespace staccato::client {

class PortPicker : public QComboBox {
  Q_OBJECT
 public:
  /// With nothing chosen yet, the port at `defaultRow` of the list (0 for sending, 1 for
  /// receiving: a fresh page is ready for a port-to-port run).
  PortPicker(PortTreeModel* ports, int defaultRow, QWidget* parent = nullptr);

  struct Choice {
    PortRef port;
    QString name;  ///< "PORT@DRONE" (the drone's key), as the CLI and the drone executors name ports
    double lineRateBps = 0;
  };
  std::optional<Choice> chosen() const;
  /// Chooses `port` (drone key and port name); false if it is not listed.
  bool choose(const PortRef& port);

 private:
  /// Lists every port of every drone, keeping what was chosen.
  void refresh();

  PortTreeModel* ports_;
  int defaultRow_;
};

}  // namespace staccato::client
