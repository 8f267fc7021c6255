#include "client/widgets/recording_actions.h"

#include <QAction>
#include <QFileDialog>

#include "client/models/qs.h"
#include "client/widgets/recording_viewer.h"

namespace staccato::client {

RecordingActions::RecordingActions(Workspace* workspace, QWidget* window)
    : QObject(window), workspace_(workspace), window_(window) {
  record_ = new QAction("&Record stats…", this);
  record_->setCheckable(true);
  record_->setToolTip("Keep every drone's port and stream stats, interval by interval, in a file");
  connect(record_, &QAction::triggered, this, [this](bool on) {
    if (!on) return stopRecording();
    const QString path = QFileDialog::getSaveFileName(window_, "Record stats to", "stats.jsonl",
                                                      "Stats recordings (*.jsonl);;CSV, one row per port and stream (*.csv)");
    if (path.isEmpty() || !startRecording(path)) record_->setChecked(false);
  });
  connect(workspace_, &Workspace::recordingStopped, this, [this] { record_->setChecked(false); });
  open_ = new QAction("Open reco&rding…", this);
  open_->setToolTip("Show a stats recording's charts (staccato-cli watch --record, or Record stats…)");
  connect(open_, &QAction::triggered, this, [this] {
    const QString path = QFileDialog::getOpenFileName(window_, "Open a stats recording", {}, "Stats recordings (*.jsonl)");
    if (!path.isEmpty()) openRecording(path);
  });
}

bool RecordingActions::startRecording(const QString& path) {
  if (auto s = workspace_->startRecording(path); !s) {
    emit log(LogLevel::kError, "recording", qs(s.error().toString()));
    return false;
  }
  record_->setChecked(true);
  emit log(LogLevel::kInfo, "recording", "recording every drone's stats to " + path);
  return true;
}

void RecordingActions::stopRecording() {
  const QString path = workspace_->recordingPath();
  workspace_->stopRecording();
  record_->setChecked(false);
  if (!path.isEmpty()) emit log(LogLevel::kInfo, "recording", "stopped recording to " + path);
}

RecordingViewer* RecordingActions::openRecording(const QString& path) {
  auto recording = loadStatsRecording(path.toStdString());
  if (!recording) {
    emit log(LogLevel::kError, "recording", qs(recording.error().toString()));
    return nullptr;
  }
  auto* viewer = new RecordingViewer(*recording, path, window_);
  viewer->setAttribute(Qt::WA_DeleteOnClose);
  viewer->show();
  return viewer;
}

}  // namespace staccato::client
