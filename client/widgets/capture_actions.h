#pragma once
/// Port > Start capture…, Stop capture, View capture, Save capture…: captures on the selected
/// port through its drone's session (calls off the GUI thread). Viewing fetches the capture into
/// a temporary file and opens it in Wireshark when it is installed, else in the built-in
/// CaptureViewer. Viewing and saving stop a running capture first (a drone hands out only what
/// no longer changes).
#include <QObject>
#include <QString>
#include <QTemporaryDir>

#include <functional>
#include <optional>

#include "client/widgets/workspace.h"

class QAction;
class QWidget;

namespace staccato::client {

class CaptureViewer;

class CaptureActions : public QObject {
  Q_OBJECT
 public:
  /// Dialogs open on `window`; the actions work on `currentPort()`.
  CaptureActions(Workspace* workspace, QWidget* window, std::function<std::optional<PortRef>()> currentPort);

  QAction* startAction() const { return start_; }
  QAction* stopAction() const { return stop_; }
  QAction* viewAction() const { return view_; }
  QAction* saveAction() const { return save_; }

  void startCapture(const PortRef& port, v1::StartCaptureRequest request);
  void stopCapture(const PortRef& port);
  void viewCapture(const PortRef& port);
  void saveCapture(const PortRef& port, const QString& path);
  /// Opens a capture file of the port: in the viewer program, else in the built-in viewer
  /// (viewerOpened), reading the file off the GUI thread.
  void openFile(const PortRef& port, const QString& path);
  /// What opens a capture file: by default "wireshark" when it is on the PATH; empty = the
  /// built-in viewer.
  void setViewerProgram(QString program) { viewer_ = std::move(program); }
  const QString& viewerProgram() const { return viewer_; }

 signals:
  void log(staccato::client::LogLevel level, const QString& source, const QString& text);
  /// The built-in viewer opened on a fetched capture.
  void viewerOpened(staccato::client::CaptureViewer* viewer);
  /// A capture was written to `path` (saved, or fetched to be viewed).
  void fetched(const QString& path);

 private:
  void askAndStart(const PortRef& port);
  void askAndSave(const PortRef& port);
  /// Stops the port's capture (keeping what it holds), fetches it to `path`, then `then(path)`.
  void fetchTo(const PortRef& port, const QString& path, std::function<void(const QString&)> then);
  void report(const PortRef& port, const QString& what, const Status& status);
  DroneSession* sessionOf(const PortRef& port);

  Workspace* workspace_;
  QWidget* window_;
  std::function<std::optional<PortRef>()> currentPort_;
  QString viewer_;
  QTemporaryDir files_;  ///< fetched captures being viewed
  int fetches_ = 0;
  QAction *start_, *stop_, *view_, *save_;
};

}  // namespace staccato::client
