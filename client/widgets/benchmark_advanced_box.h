#pragma once
/// The Benchmark page's advanced settings, folded away under a button: the search method and its
/// precision, the tester tolerance, a ramp, receiver retries, IPv6, learning and a latency
/// limit. A preset fills them (setValues); the page reads them back (values).
#include <QWidget>

#include "client/models/benchmark_setup.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;
class QToolButton;

namespace staccato::client {

class BenchmarkAdvancedBox : public QWidget {
  Q_OBJECT
 public:
  explicit BenchmarkAdvancedBox(QWidget* parent = nullptr);

  BenchmarkAdvanced values() const;
  void setValues(const BenchmarkAdvanced& values);
  /// Shows or folds the fields (folded when the page opens).
  void setExpanded(bool expanded);
  bool expanded() const;

 private:
  QToolButton* toggle_;
  QWidget* fields_;
  QComboBox* search_;
  QDoubleSpinBox* precision_;
  QDoubleSpinBox* tolerance_;
  QSpinBox* rampMs_;
  QSpinBox* retries_;
  QCheckBox* ipv6_;
  QCheckBox* learning_;
  QDoubleSpinBox* maxLatencyUs_;
};

}  // namespace staccato::client
