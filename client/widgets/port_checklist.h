#pragma once
/// A choice of several ports among every port of every connected drone (the port tree): a list
/// of "DRONE · PORT" with a tick box each, kept across changes to the tree, none ticked at first
/// (a port chosen by mistake may be a management port). The RFC 2889 page's meshed ports and
/// broadcast receivers; PortPicker is the choice of one.
#include <QListWidget>

#include <vector>

#include "client/models/port_tree_model.h"
#include "client/widgets/port_picker.h"
#include "client/widgets/workspace.h"

namespace staccato::client {

class PortChecklist : public QListWidget {
  Q_OBJECT
 public:
  explicit PortChecklist(PortTreeModel* ports, QWidget* parent = nullptr);

  /// The ticked ports, in the list's order.
  std::vector<PortPicker::Choice> ticked() const;
  /// Ticks exactly `ports` (drone key and port name); false if one is not listed.
  bool tick(const std::vector<PortRef>& ports);

 private:
  /// Lists every port of every drone, keeping the ticks.
  void refresh();

  PortTreeModel* ports_;
};

}  // namespace staccato::client
