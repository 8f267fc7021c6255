#pragma once
/// The Y.1564 page's settings: the sending and receiving ports (from the port tree; or a
/// sending port and a reflector), the
/// services edited in place in a table (up to 16), which tests run, the CIR steps, each step's
/// length and the performance test's (15 min, 2 h, 24 h or any), and the config file (Load…,
/// Save…). Every value is checked by Y1564Config::check() before a run or a save; its error
/// names the field and the field is shown.
#include <QWidget>

#include "client/models/port_tree_model.h"
#include "client/models/y1564_services_model.h"
#include "client/widgets/port_picker.h"
#include "client/widgets/reflector_choice.h"
#include "client/widgets/y1564_executor_factory.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableView;

namespace staccato::client {

class Y1564Form : public QWidget {
  Q_OBJECT
 public:
  explicit Y1564Form(PortTreeModel* ports, QWidget* parent = nullptr);

  /// The config the fields describe, checked; on an error, the field it names is shown.
  Result<bench::Y1564Config> checkedConfig();
  /// Fills every field from `config` (values the form has no field for are kept with it).
  void setConfig(const bench::Y1564Config& config);
  /// Chooses ports by drone key and port name; false if not listed. `rx` is the reflector when
  /// reflector()->on().
  bool choosePorts(const PortRef& tx, const PortRef& rx);
  ReflectorChoice* reflector() const { return reflector_; }
  /// The ports chosen; nothing when no drone offers a port.
  std::optional<Y1564Target> target() const;
  /// "PORT@DRONE -> PORT@DRONE" (through a reflector "A -> R (reflector; delay is the round
  /// trip) -> A", as the CLI says), as the result names where it ran.
  QString portsText() const;
  bench::Y1564Tests tests() const;
  void setTests(bench::Y1564Tests tests);
  void setStepSeconds(double seconds);
  void setPerformanceSeconds(double seconds);
  Y1564ServicesModel* services() { return &services_; }
  QTableView* servicesView() const { return servicesView_; }

  /// Reads a config file into the fields (a file that does not parse changes nothing).
  Status loadConfigFile(const QString& path);
  /// Writes the fields as a config file, once they pass the check.
  Status saveConfigFile(const QString& path);
  /// Keeps the fields for the next time the page opens (QSettings).
  void saveSettings();

 signals:
  /// What to tell the user (a file loaded or saved, an edit refused).
  void message(const QString& text, bool error);

 private:
  /// The config the fields describe, unchecked; a CIR step that is not a number is the error.
  Result<bench::Y1564Config> fieldsConfig() const;
  /// Shows the field `error` names: its cell of the services table, or its box.
  void showField(const Error& error);
  void updateServiceButtons();
  void askAndLoad();
  void askAndSave();

  bench::Y1564Config base_;  ///< what the form has no field for (loss ratio of a SES, rate tolerance)
  Y1564ServicesModel services_;
  PortPicker* tx_;
  PortPicker* rx_;
  ReflectorChoice* reflector_;
  QCheckBox* ipv6_;
  QTableView* servicesView_;
  QPushButton* addService_;
  QPushButton* removeService_;
  QComboBox* tests_;
  QLineEdit* cirSteps_;
  QDoubleSpinBox* stepSeconds_;
  QComboBox* performancePreset_;
  QSpinBox* performanceSeconds_;
};

}  // namespace staccato::client
