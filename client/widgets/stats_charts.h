#pragma once
/// Live charts fed by StatsHistory: transmit/receive rate per port over time, latency
/// (avg/p99/max) of one stream over time, and that stream's latency histogram (its buckets, with
/// p50/p99/p99.9 marked). Pause, zoom (drag a rectangle; right click or "Reset zoom" to undo)
/// and PNG export.
#include <QWidget>

#include <map>

#include "client/models/stats_history.h"

class QChart;
class QChartView;
class QComboBox;
class QCheckBox;
class QLineSeries;
class QValueAxis;
class QTimer;

namespace staccato::client {

class LatencyHistogramChart;

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
  /// The selected stream's latency histogram (tests).
  const LatencyHistogramChart* histogram() const { return histogram_; }
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
  QChartView* rateView_;
  QChartView* latencyView_;
  LatencyHistogramChart* histogram_;
  QComboBox* rateUnit_;
  QComboBox* streamChoice_;
  QStringList streamKeys_;  ///< history keys, in streamChoice_ order
  QCheckBox* pause_;
  QValueAxis* rateX_;
  QValueAxis* rateY_;
  QValueAxis* latencyX_;
  QValueAxis* latencyY_;
  std::map<QString, QLineSeries*> rateSeries_;  ///< by "drone|port tx" / "drone|port rx"
  QLineSeries* latencySeries_[3];
  QTimer* throttle_;
  bool zoomed_ = false;
};

}  // namespace staccato::client
