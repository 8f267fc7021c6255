#pragma once
/// "Start capture…": the filter, the bound (a ring of N MiB, N packets or N bytes) and the
/// direction of a capture on a port. Ranges are the drone's (rpc/capture_limits.h); the filter's
/// syntax is checked by the drone, which names the error.
#include <QDialog>

#include <optional>
#include <string>

#include "staccato/v1/drone.pb.h"

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;

namespace staccato::client {

class CaptureDialog : public QDialog {
  Q_OBJECT
 public:
  explicit CaptureDialog(const QString& port, QWidget* parent = nullptr);

  /// The request the fields make (its port and client id are the caller's to set).
  v1::StartCaptureRequest request() const;

  QLineEdit* filter() const { return filter_; }
  QComboBox* bound() const { return bound_; }
  QDoubleSpinBox* amount() const { return amount_; }
  QComboBox* direction() const { return direction_; }

 private:
  void boundChanged();

  QLineEdit* filter_;
  QComboBox* bound_;
  QDoubleSpinBox* amount_;
  QComboBox* direction_;
};

/// Shows the dialog; the request when accepted.
std::optional<v1::StartCaptureRequest> askCapture(QWidget* parent, const std::string& port);

}  // namespace staccato::client
