#pragma once
/// The Flows page's profile: a flow profile file (docs/flows.md) opened with Open… and read as
/// a drone reads it (loadFlowProfile: every member checked), shown as flowProfileText says it, or
/// its error in red naming the member ("templates[1].http.path") and the file.
#include <QGroupBox>

#include <optional>

#include "staccato/v1/flow.pb.h"

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace staccato::client {

class FlowsProfileBox : public QGroupBox {
  Q_OBJECT
 public:
  explicit FlowsProfileBox(QWidget* parent = nullptr);

  /// Reads `path`; false with the error shown (and no profile) when it does not check.
  bool load(const QString& path);
  /// The profile last read well, none after a file that did not check.
  const std::optional<v1::FlowProfile>& profile() const { return profile_; }
  QString path() const;
  QString text() const;
  QString errorText() const;
  /// While a run goes on another profile cannot be opened (the summary stays readable).
  void setLocked(bool locked);

 signals:
  void changed();

 private:
  void askAndLoad();

  std::optional<v1::FlowProfile> profile_;
  QLineEdit* path_;
  QPushButton* open_;
  QLabel* error_;
  QPlainTextEdit* text_;
};

}  // namespace staccato::client
