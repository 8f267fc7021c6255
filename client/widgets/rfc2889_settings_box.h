#pragma once
/// The RFC 2889 page's settings: the fields of the test chosen, with the CLI's defaults and
/// ranges (the address tests' aging time has no default: the device's own must be given; forward
/// pressure's sweep is Min load, Step and Max load, the CLI's --min-load, --step and --load;
/// errored frames' sizes are Undersize and Oversize). Each is
/// typed as text and checked when Run is pressed, so a value out of range is refused naming the
/// field and what it allows, and the field is shown; the fields are kept for the next time.
#include <QGroupBox>

#include <vector>

#include "client/widgets/rfc2889_probe_factory.h"

class QFormLayout;
class QLineEdit;

namespace staccato::client {

class Rfc2889SettingsBox : public QGroupBox {
  Q_OBJECT
 public:
  explicit Rfc2889SettingsBox(QWidget* parent = nullptr);

  /// Shows the fields `test` uses.
  void showTest(Rfc2889Test test);
  /// Reads the fields `test` uses into `setup`, checked. The error's path is the field's label
  /// ("Max addresses"), its message the range; the field gets the focus.
  Status readInto(Rfc2889Test test, Rfc2889Setup& setup);
  /// Types `text` into the field `key` (its object name without "rfc2889": "MaxAddresses");
  /// false if there is no such field.
  bool setText(const QString& key, const QString& text);
  /// Keeps the fields for the next time the page opens (QSettings).
  void saveSettings() const;

 private:
  /// The number typed in field `i`, in its range.
  Result<double> number(size_t i) const;
  /// Shows `field` and returns `error` for it.
  Error refuse(QLineEdit* field, const std::string& label, const std::string& message);

  QFormLayout* form_;
  std::vector<QLineEdit*> fields_;  ///< one per spec, in the specs' order
  QLineEdit* frameSize_;
};

}  // namespace staccato::client
