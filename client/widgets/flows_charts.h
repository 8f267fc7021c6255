#pragma once
/// The Flows page's live charts, side by side from a FlowSeries: connections begun a second,
/// connections open, failures a second (the device's, and the tester's own apart) and the
/// connect and first-byte p99 in ms, over the run's seconds. Redrawn at most 4 times a second.
#include <QWidget>

#include <array>

#include "client/models/flow_series.h"

class QChart;
class QChartView;
class QLineSeries;
class QTimer;
class QValueAxis;

namespace staccato::client {

class FlowsCharts : public QWidget {
  Q_OBJECT
 public:
  explicit FlowsCharts(FlowSeries* series, QWidget* parent = nullptr);

  /// The run's length: the time axis spans it (or the seconds so far, if longer).
  void setDuration(double seconds);
  /// Points drawn now in series `s` (tests).
  int pointCount(FlowSeries::Series s) const;
  /// The chart views, left to right (tests, screenshots).
  QChartView* view(int i) const { return views_[size_t(i)]; }

 private:
  struct Chart {
    QChart* chart;
    QValueAxis *x, *y;
  };
  Chart makeChart(int i, const QString& title, const QString& unit);
  QLineSeries* addLine(const Chart& c, FlowSeries::Series s, const QString& name, const QColor& colour);
  void refresh();

  FlowSeries* series_;
  std::array<QChartView*, 4> views_{};
  std::array<Chart, 4> charts_{};
  std::array<QLineSeries*, FlowSeries::kCount> lines_{};
  std::array<int, FlowSeries::kCount> chartOf_{};
  QTimer* throttle_;
  double duration_ = 0;
};

}  // namespace staccato::client
