#pragma once
/// The Benchmark page's settings: the port pairs (from the connected drones' port tree: the pair
/// chosen, or several added to a list, across drones too; or a port and a reflector), a preset that fills the rest, the
/// tests, frame sizes, loss goals and trial length, and the advanced settings (folded). A
/// preset's values land in the fields, where they can be changed before a run.
#include <QWidget>

#include <optional>

#include "client/models/benchmark_setup.h"
#include "client/models/port_tree_model.h"
#include "client/widgets/benchmark_advanced_box.h"
#include "client/widgets/benchmark_executor_factory.h"
#include "client/widgets/port_picker.h"
#include "client/widgets/reflector_choice.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QListWidget;

namespace staccato::client {

class BenchmarkForm : public QWidget {
  Q_OBJECT
 public:
  explicit BenchmarkForm(PortTreeModel* ports, QWidget* parent = nullptr);

  /// What the fields say (ports named "PORT@DRONE" with the drone's address, as the CLI and the
  /// drone executor read them; the line rate of the slowest sending port).
  BenchmarkSetup setup() const;
  /// The pairs listed, else the pair chosen (empty when no port is listed).
  std::vector<BenchmarkTarget::Pair> pairs() const;
  /// Chooses a preset and fills tests, loss goals and trial length from it ("" = the runner's
  /// defaults; an unknown name fills nothing).
  void applyPreset(const QString& name);

  /// Chooses ports by drone key and port name (tests, remembered choices); false if not listed.
  /// `rx` is the reflector when reflector()->on().
  bool choosePorts(const PortRef& tx, const PortRef& rx);
  ReflectorChoice* reflector() const { return reflector_; }
  /// Adds the chosen pair to the list (what "Add pair" does); false when it is listed already.
  bool addChosenPair();
  void clearPairs();
  void setFrameSizes(const QString& text);
  void setLossGoals(const QString& percents);
  void setTrialSeconds(double seconds);
  void setTests(const std::vector<bench::TestKind>& tests);
  BenchmarkAdvancedBox* advanced() const { return advanced_; }
  /// Keeps the fields (not the ports) for the next time the page opens (QSettings).
  void saveSettings() const;

 private:
  /// The fields as last saved, else the quick preset's.
  void restoreSettings();
  struct ChosenPair {
    PortPicker::Choice tx, rx;  ///< through a reflector, rx is the reflector
    bool reflected = false;
  };
  /// The listed pairs, else the chosen one.
  std::vector<ChosenPair> chosenPairs() const;

  QComboBox* preset_;
  PortPicker* tx_;
  PortPicker* rx_;
  ReflectorChoice* reflector_;
  QCheckBox* bidirectional_;
  QListWidget* pairList_;
  std::vector<ChosenPair> listed_;
  QCheckBox* tests_[4];
  QLineEdit* sizes_;
  QLineEdit* goals_;
  QDoubleSpinBox* seconds_;
  BenchmarkAdvancedBox* advanced_;
};

}  // namespace staccato::client
