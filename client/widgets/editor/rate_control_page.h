#pragma once
/// The stream editor's "Rate & control" tab: rate unit and value, burst size, how many packets
/// or bursts, and what happens after the stream.
#include <QWidget>

#include "staccato/v1/stream.pb.h"

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QSpinBox;

namespace staccato::client {

class RateControlPage : public QWidget {
  Q_OBJECT
 public:
  explicit RateControlPage(QWidget* parent = nullptr);

  void setStream(const v1::Stream& stream);
  /// Writes rate and control as edited into `stream`.
  void apply(v1::Stream& stream) const;

 Q_SIGNALS:
  void changed();

 private:
  void updateEnabled();

  v1::Rate loadedRate_;
  v1::Control loadedControl_;
  QComboBox* unit_;
  QDoubleSpinBox* value_;
  QSpinBox* burst_;
  QComboBox* mode_;
  QDoubleSpinBox* count_;
  QComboBox* after_;
  QSpinBox* gotoStream_;
  QSpinBox* loops_;
};

}  // namespace staccato::client
