#pragma once
/// The stream editor's "Length" tab: frame length mode (fixed, increment, decrement, random,
/// IMIX) with its sizes and weighted mix, FCS included.
#include <QWidget>

#include "staccato/v1/stream.pb.h"

class QComboBox;
class QFormLayout;
class QLabel;
class QSpinBox;
class QTableWidget;

namespace staccato::client {

class LengthPage : public QWidget {
  Q_OBJECT
 public:
  explicit LengthPage(QWidget* parent = nullptr);

  void setStream(const v1::Stream& stream);
  /// Writes the frame length as edited into `stream`.
  void apply(v1::Stream& stream) const;

 Q_SIGNALS:
  void changed();

 private:
  void updateVisibleRows();
  void addMixRow(uint32_t length, uint32_t weight);

  v1::FrameLength loaded_;
  QFormLayout* form_;
  QComboBox* mode_;
  QSpinBox* fixed_;
  QSpinBox* min_;
  QSpinBox* max_;
  QSpinBox* step_;
  QTableWidget* mix_;
  QWidget* mixBox_;
  QLabel* hint_;
};

}  // namespace staccato::client
