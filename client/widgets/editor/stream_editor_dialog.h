#pragma once
/// The stream editor: name and enabled on top; tabs for protocols (quick choices, free stack,
/// field tree generated from the registry), variable fields, length, rate & control and the
/// packet preview. Every edit compiles the stream: errors show in a red bar with the field
/// path, the offending field or widget is marked, and OK is disabled while the stream is invalid.
#include <QDialog>
#include <QPointer>

#include "staccato/v1/stream.pb.h"

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTabWidget;

namespace staccato::client {

class LengthPage;
class PacketView;
class ProtocolsPage;
class RateControlPage;
class VariableFieldsPage;

class StreamEditorDialog : public QDialog {
  Q_OBJECT
 public:
  explicit StreamEditorDialog(const v1::Stream& stream, QWidget* parent = nullptr);

  /// The stream as edited.
  v1::Stream stream() const { return stream_; }
  /// The compiler's error for the stream as edited ("" when it is valid).
  QString errorText() const { return error_; }

 private:
  QWidget* createHeader();
  QWidget* createErrorBar();
  void onLayersChanged();
  void onPageChanged(QWidget* page);
  void onEditRejected(const QString& fieldPath, const QString& message);
  void validate();
  void markErrorPath(const QString& path);

  v1::Stream stream_;
  QString error_;
  QLineEdit* name_;
  QCheckBox* enabled_;
  QTabWidget* tabs_;
  ProtocolsPage* protocols_;
  VariableFieldsPage* variables_;
  LengthPage* length_;
  RateControlPage* rate_;
  PacketView* packet_;
  QLabel* errorLabel_;
  QPushButton* okButton_;
  QPointer<QWidget> markedWidget_;
};

}  // namespace staccato::client
