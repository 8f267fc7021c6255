#pragma once
/// The RFC 2889 page's settings: which test (address caching capacity, address learning rate,
/// fully meshed, one-to-many, many-to-one, congestion control, forward pressure, errored frames,
/// broadcast), its ports from the port tree (Rfc2889PortsBox) and its settings
/// (Rfc2889SettingsBox), shown for the test chosen. checkedSetup() is what Run runs.
#include <QWidget>

#include "client/models/port_tree_model.h"
#include "client/widgets/rfc2889_ports_box.h"
#include "client/widgets/rfc2889_probe_factory.h"
#include "client/widgets/rfc2889_settings_box.h"

class QComboBox;
class QLabel;

namespace staccato::client {

class Rfc2889Form : public QWidget {
  Q_OBJECT
 public:
  explicit Rfc2889Form(PortTreeModel* ports, QWidget* parent = nullptr);

  Rfc2889Test test() const;
  void setTest(Rfc2889Test test);
  /// The test, its ports and settings, checked: the error names the field (as labelled) and what
  /// it allows, and the field is shown.
  Result<Rfc2889Setup> checkedSetup();
  /// Keeps the test and the fields for the next time the page opens (QSettings).
  void saveSettings() const;

  Rfc2889PortsBox* portsBox() const { return ports_; }
  Rfc2889SettingsBox* settingsBox() const { return settings_; }

 signals:
  void testChanged(Rfc2889Test test);

 private:
  void showTest();

  QComboBox* test_;
  QLabel* about_;
  Rfc2889PortsBox* ports_;
  Rfc2889SettingsBox* settings_;
};

}  // namespace staccato::client
