#pragma once
/// Small helpers shared by the stream editor's pages.
#include <QComboBox>
#include <QString>
#include <QStringList>
#include <QWidget>

namespace staccato::client {

/// The value to write back to a proto field whose 0 means `implicitValue`: an untouched
/// implicit default stays 0, so opening and closing the editor does not change the stream.
template <typename T>
T keepImplicit(T current, T shown, T implicitValue) {
  return current == T{} && shown == implicitValue ? T{} : shown;
}

/// A combo box with an object name and items.
inline QComboBox* namedCombo(const QString& objectName, const QStringList& items, QWidget* parent = nullptr) {
  auto* combo = new QComboBox(parent);
  combo->setObjectName(objectName);
  combo->addItems(items);
  return combo;
}

/// Gives a widget a red border (invalid) or its normal look.
inline void markInvalid(QWidget* widget, bool invalid) {
  if (!widget) return;
  widget->setProperty("invalid", invalid);
  // Scoped to the widget itself so children (table cells, popups) keep their look.
  const QString style = QStringLiteral("#%1 { border: 1px solid #d9534f; }").arg(widget->objectName());
  widget->setStyleSheet(invalid ? style : QString());
}

}  // namespace staccato::client
