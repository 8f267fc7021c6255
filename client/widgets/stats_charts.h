#pragma once
/// Live charts fed by StatsHistory: transmit/receive rate per port over time, latency
/// (avg/p99/max) of one stream over time, and that stream's latency percentiles. Pause, zoom
/// (drag a rectangle; right click or "Reset zoom" to undo) and PNG export.
#include <QWidget>

#include <map>

#include "client/models/stats_history.h"

class QChart;
class QChartView;
class QComboBox;
class QCheckBox;
class QLineSeries;
class QBarSet;
class QBarCategoryAxis;
class QValueAxis;
class QTimer;

namespace staccato::client {

class StatsCharts : public QWidget {
  Q_OBJECT
 public:
  explicit StatsCharts(StatsHistory* history, QWidget* parent = nullptr);
  /// Shows this stream ("drone|tx|rx|id") in the latency charts.
  void selectStream(const QString& streamKey);
  /// Points currently in the rate chart's series (tests).
  int ratePointCount() const;
  /// Legend names of the rate chart's series (tests).
  QStringList rateSeriesNames() const;
  /// Writes all three charts side by side to a PNG; false with no file written on failure.
  bool exportPng(const QString& path);

 private:
  void refresh();
  void refreshRates();
  void refreshLatency();
  void resetZoom();
  /// The series for `id` ("drone|port tx"), created on first use.
  QLineSeries* rateSeries(const QString& id);

  StatsHistory* history_;
  QChart* rateChart_;
  QChart* latencyChart_;
  QChart* percentileChart_;
  QChartView* rateView_;
  QChartView* latencyView_;
  QChartView* percentileView_;
  QComboBox* rateUnit_;
  QComboBox* streamChoice_;
  QStringList streamKeys_;  ///< history keys, in streamChoice_ order
  QCheckBox* pause_;
  QValueAxis* rateX_;
  QValueAxis* rateY_;
  QValueAxis* latencyX_;
  QValueAxis* latencyY_;
  QValueAxis* percentileY_;
  QBarSet* percentiles_;
  std::map<QString, QLineSeries*> rateSeries_;  ///< by "drone|port tx" / "drone|port rx"
  QLineSeries* latencySeries_[3];
  QTimer* throttle_;
  bool zoomed_ = false;
};

}  // namespace staccato::client
