#pragma once
/// The Benchmark page's settings: the ports (from the connected drones' port tree), a preset
/// that fills the rest, the tests, frame sizes, loss goals and trial length. A preset's values
/// land in the fields, where they can be changed before a run.
#include <QWidget>

#include <optional>

#include "client/models/benchmark_setup.h"
#include "client/models/port_tree_model.h"
#include "client/widgets/benchmark_executor_factory.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;

namespace staccato::client {

class BenchmarkForm : public QWidget {
  Q_OBJECT
 public:
  explicit BenchmarkForm(PortTreeModel* ports, QWidget* parent = nullptr);

  /// What the fields say (ports as "drone/port" names for the report).
  BenchmarkSetup setup() const;
  /// The chosen ports, if both are chosen.
  std::optional<BenchmarkTarget::Pair> pair() const;
  /// Fills tests, loss goals and trial length from a preset ("" = the runner's defaults).
  void applyPreset(const QString& name);

  /// Chooses ports by drone key and port name (tests, remembered choices); false if not listed.
  bool choosePorts(const PortRef& tx, const PortRef& rx);
  void setFrameSizes(const QString& text);
  void setLossGoals(const QString& percents);
  void setTrialSeconds(double seconds);
  void setTests(const std::vector<bench::TestKind>& tests);

 private:
  /// Lists every port of every drone in both port choices, keeping what was chosen.
  void refreshPorts();
  /// The line rate of the chosen ports (the slower one), 0 when unknown.
  double lineRate() const;

  PortTreeModel* ports_;
  QComboBox* preset_;
  QComboBox* tx_;
  QComboBox* rx_;
  QCheckBox* bidirectional_;
  QCheckBox* tests_[4];
  QLineEdit* sizes_;
  QLineEdit* goals_;
  QDoubleSpinBox* seconds_;
};

}  // namespace staccato::client
