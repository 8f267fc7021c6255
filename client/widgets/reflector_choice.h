#pragma once
/// "Through a reflector" on the benchmark pages' port boxes: a check box and the swap depth
/// (l2, l3, l4). Checked, the box's receive-port picker picks the reflector instead (any port of
/// any connected drone): the frames return to the sending port, which counts them, and latency
/// is the round trip.
#include <QWidget>

#include "staccato/v1/drone.pb.h"

class QCheckBox;
class QComboBox;
class QFormLayout;

namespace staccato::client {

class ReflectorChoice : public QWidget {
  Q_OBJECT
 public:
  /// A row of `form` above `receive` (its row, labelled "Receive on"), whose label it changes;
  /// children named `prefix` + "Reflector" and + "ReflectSwap".
  ReflectorChoice(QFormLayout* form, QWidget* receive, const QString& prefix, QWidget* parent);

  bool on() const;
  void setOn(bool on);
  /// What the reflector swaps, set on it when it does not reflect yet: L2, L3 (the default) or L4.
  v1::PortConfig::Reflect swap() const;
  void setSwap(v1::PortConfig::Reflect swap);

 signals:
  void toggled(bool on);

 private:
  QCheckBox* on_;
  QComboBox* swap_;
};

}  // namespace staccato::client
