#pragma once
/// The RFC 2889 page's ports, from the port tree, as the test chosen needs them: the learning,
/// test and monitoring ports of an address test; the ports of a fully meshed test (2 to 16,
/// ticked); the sender and the receivers of a broadcast test. chosen() checks them and names
/// what is wrong.
#include <QGroupBox>

#include <vector>

#include "client/models/port_tree_model.h"
#include "client/widgets/port_checklist.h"
#include "client/widgets/port_picker.h"
#include "client/widgets/rfc2889_probe_factory.h"

class QStackedWidget;

namespace staccato::client {

class Rfc2889PortsBox : public QGroupBox {
  Q_OBJECT
 public:
  explicit Rfc2889PortsBox(PortTreeModel* ports, QWidget* parent = nullptr);

  /// Shows the ports `test` runs on.
  void showTest(Rfc2889Test test);
  /// The ports of `test` in the setup's order (learning, test, monitor; each meshed port; the
  /// sender, then the receivers), checked: the error names the choice that is wrong.
  Result<std::vector<PortPicker::Choice>> chosen(Rfc2889Test test) const;

  bool chooseAddressPorts(const PortRef& learning, const PortRef& test, const PortRef& monitor);
  bool chooseMeshedPorts(const std::vector<PortRef>& ports);
  bool chooseBroadcastPorts(const PortRef& sender, const std::vector<PortRef>& receivers);

 private:
  Result<std::vector<PortPicker::Choice>> addressPorts() const;
  Result<std::vector<PortPicker::Choice>> meshedPorts() const;
  Result<std::vector<PortPicker::Choice>> broadcastPorts() const;

  QStackedWidget* pages_;
  PortPicker* learning_;
  PortPicker* test_;
  PortPicker* monitor_;
  PortChecklist* meshed_;
  PortPicker* sender_;
  PortChecklist* receivers_;
};

}  // namespace staccato::client
