#include "client/widgets/recording_viewer.h"

#include <QFileInfo>
#include <QLabel>
#include <QVBoxLayout>

#include <set>

#include "client/models/qs.h"
#include "client/widgets/stats_charts.h"

namespace staccato::client {

RecordingViewer::RecordingViewer(const StatsRecording& recording, const QString& path, QWidget* parent)
    : QMainWindow(parent) {
  std::set<std::string> drones;
  for (const v1::StatsRecordingLine& line : recording.lines) {
    drones.insert(line.drone());
    history_.applySnapshot(qs(line.drone()), line.snapshot());
  }
  double seconds = 0;
  if (!recording.lines.empty())
    seconds = double(recording.lines.back().snapshot().timestamp_ns() - recording.lines.front().snapshot().timestamp_ns()) / 1e9;
  auto* central = new QWidget(this);
  auto* layout = new QVBoxLayout(central);
  auto* summary = new QLabel(QString("%1: %2 intervals of %3 drone(s) over %4 s, every %5 ms, recorded %6 by %7")
                                 .arg(QFileInfo(path).fileName())
                                 .arg(recording.lines.size())
                                 .arg(drones.size())
                                 .arg(seconds, 0, 'f', 1)
                                 .arg(recording.header.interval_ms())
                                 .arg(qs(recording.header.started()), qs(recording.header.recorded_by())),
                             central);
  summary->setWordWrap(true);
  summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(summary);
  charts_ = new StatsCharts(&history_, central);
  layout->addWidget(charts_, 1);
  setCentralWidget(central);
  setWindowTitle("Stats recording — " + QFileInfo(path).fileName());
  resize(1100, 700);
}

}  // namespace staccato::client
