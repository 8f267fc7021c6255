#pragma once
/// File > Record stats… and File > Open recording…: every connected drone's stats snapshots to a
/// file as they arrive (client/core/files/stats_recording.h), and a recording shown again in a
/// window of its own with the same charts as the live ones (RecordingViewer).
#include <QObject>
#include <QString>

#include "client/widgets/workspace.h"

class QAction;
class QWidget;

namespace staccato::client {

class RecordingViewer;

class RecordingActions : public QObject {
  Q_OBJECT
 public:
  RecordingActions(Workspace* workspace, QWidget* window);

  QAction* recordAction() const { return record_; }  ///< checkable: on while recording
  QAction* openAction() const { return open_; }

  /// Starts recording to `path` (the action's dialog asks for it); false, logged, when it cannot.
  bool startRecording(const QString& path);
  void stopRecording();
  /// Reads the recording at `path` and shows it; the viewer, or nullptr (logged) when the file
  /// is not a recording.
  RecordingViewer* openRecording(const QString& path);

 signals:
  void log(staccato::client::LogLevel level, const QString& source, const QString& text);

 private:
  Workspace* workspace_;
  QWidget* window_;
  QAction* record_;
  QAction* open_;
};

}  // namespace staccato::client
