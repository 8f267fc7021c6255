#pragma once
/// The logs pane: info, warnings and errors from the client and the drones, newest last, with
/// a level filter. Bounded (oldest lines dropped) so a chatty drone cannot grow memory.
#include <QWidget>

#include "client/core/session/drone_session.h"

class QComboBox;
class QPlainTextEdit;

namespace staccato::client {

class LogPane : public QWidget {
  Q_OBJECT
 public:
  explicit LogPane(QWidget* parent = nullptr);
  void append(LogLevel level, const QString& source, const QString& text);
  /// The visible text (tests).
  QString text() const;

 private:
  void rebuild();
  struct Line {
    LogLevel level;
    QString html;
  };
  QList<Line> lines_;
  QComboBox* filter_;
  QPlainTextEdit* view_;
};

}  // namespace staccato::client
