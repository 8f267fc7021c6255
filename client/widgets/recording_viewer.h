#pragma once
/// A stats recording shown again: the live view's charts (StatsCharts) over the recording's own
/// StatsHistory, whose points keep the whole run (downsampled), with what the file holds above.
#include <QMainWindow>

#include "client/core/files/stats_recording.h"
#include "client/models/stats_history.h"

namespace staccato::client {

class StatsCharts;

class RecordingViewer : public QMainWindow {
  Q_OBJECT
 public:
  RecordingViewer(const StatsRecording& recording, const QString& path, QWidget* parent = nullptr);
  StatsHistory* history() { return &history_; }
  StatsCharts* charts() const { return charts_; }

 private:
  StatsHistory history_;
  StatsCharts* charts_;
};

}  // namespace staccato::client
