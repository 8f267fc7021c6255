#pragma once
/// A page's status line: what happened last, in red when it is an error (which field is wrong,
/// why a run could not start); selectable so it can be copied into a bug report.
#include <QLabel>

namespace staccato::client {

class StatusLine : public QLabel {
 public:
  explicit StatusLine(QWidget* parent = nullptr) : QLabel(parent) {
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
  }
  void showMessage(const QString& text, bool error) {
    setStyleSheet(error ? "color:#b00020" : "");
    setText(text);
  }
};

}  // namespace staccato::client
