#pragma once
/// The RFC 2889 page's ports, from the port tree, as the test chosen needs them: the learning,
/// test and monitoring ports of an address test; the ports of a fully meshed test (2 to 16,
/// ticked); the sender and the ticked receivers of a broadcast or one-to-many test; the receiver
/// and the ticked senders of a many-to-one test; the four ports of congestion control; the sender
/// and the receiver of forward pressure and errored frames. chosen()
/// checks them and names what is wrong.
#include <QGroupBox>

#include <vector>

#include "client/models/port_tree_model.h"
#include "client/widgets/port_checklist.h"
#include "client/widgets/port_picker.h"
#include "client/widgets/rfc2889_probe_factory.h"

class QLabel;
class QStackedWidget;

namespace staccato::client {

class Rfc2889PortsBox : public QGroupBox {
  Q_OBJECT
 public:
  explicit Rfc2889PortsBox(PortTreeModel* ports, QWidget* parent = nullptr);

  /// Shows the ports `test` runs on.
  void showTest(Rfc2889Test test);
  /// The ports of `test` in the setup's order (Rfc2889Setup::ports), checked: the error names
  /// the choice that is wrong.
  Result<std::vector<PortPicker::Choice>> chosen(Rfc2889Test test) const;

  bool chooseAddressPorts(const PortRef& learning, const PortRef& test, const PortRef& monitor);
  bool chooseMeshedPorts(const std::vector<PortRef>& ports);
  /// Broadcast and one-to-many (they share the choice).
  bool chooseSenderPorts(const PortRef& sender, const std::vector<PortRef>& receivers);
  /// Many-to-one.
  bool chooseReceiverPorts(const PortRef& receiver, const std::vector<PortRef>& senders);
  bool chooseCongestionPorts(const PortRef& sender1, const PortRef& sender2, const PortRef& congested,
                             const PortRef& uncongested);
  /// Forward pressure and errored frames (they share the choice).
  bool choosePairPorts(const PortRef& sender, const PortRef& receiver);

 private:
  /// Each picker's port, all different (`what` names them for the error), else the error.
  Result<std::vector<PortPicker::Choice>> distinct(const std::vector<PortPicker*>& pickers, const std::string& what) const;
  Result<std::vector<PortPicker::Choice>> meshedPorts() const;

  QStackedWidget* pages_;
  PortPicker* learning_;
  PortPicker* test_;
  PortPicker* monitor_;
  PortChecklist* meshed_;
  PortPicker* sender_;
  PortChecklist* receivers_;
  QLabel* receiversHint_;
  PortPicker* receiver_;
  PortChecklist* senders_;
  std::vector<PortPicker*> congestion_;  ///< sender 1, sender 2, congested, uncongested
  std::vector<PortPicker*> pair_;        ///< forward pressure, errored frames: the sender, the receiver
  QLabel* pairHint_;
};

}  // namespace staccato::client
