#pragma once
/// The Flows page's RFC 9411 search settings (docs/flows.md#rfc-9411), a checkable box: checked,
/// Run searches for the highest load a device passes instead of one run. What is searched
/// (connections per second or concurrent connections), Low and High, the resolution, the most
/// failures a passing trial may have (a ratio of its steady phase's connections), its last-byte
/// p99 bound (none: not judged) and each trial's steady seconds, with the CLI's defaults and
/// ranges: a profile opened fills the search and High from its target, Low a tenth of it, the
/// trial's seconds from its steady phase. Typed as text and checked on Run: a bad value is
/// refused naming the field and what it allows, and the field gets the focus.
#include <QGroupBox>

#include <array>

#include "client/widgets/flows_search.h"

class QComboBox;
class QLabel;
class QLineEdit;

namespace staccato::client {

class FlowsSearchBox : public QGroupBox {
  Q_OBJECT
 public:
  enum Field { kLow, kHigh, kResolution, kMaxFailureRatio, kMaxLatency, kTrialSeconds, kFieldCount };

  explicit FlowsSearchBox(QWidget* parent = nullptr);

  /// Fills the fields from `profile`'s load (a profile was opened).
  void setProfile(const v1::FlowProfile& profile);
  /// Connections per second (true) or concurrent connections.
  void setByRate(bool byRate);
  bool byRate() const;
  QLineEdit* field(Field f) const { return fields_[f]; }
  /// The fields read and checked; the error names the field ("High (connections/s)").
  Result<FlowsSearch::Setup> setup();

 private:
  void showUnits();
  Error refuse(Field f, const std::string& message);

  QComboBox* mode_;
  std::array<QLineEdit*, kFieldCount> fields_{};
  std::array<QLabel*, kFieldCount> labels_{};
};

}  // namespace staccato::client
