#pragma once
/// A Qt chart of one of the runner's chart descriptions (report_charts.h, trialLossChart): the
/// Benchmark page draws what the HTML report draws, from the same data. Dashed series are
/// references (line rate, tester ceiling); hollow points are tester-limited; hovering a point
/// shows its tooltip.
#include <QChartView>

#include <map>
#include <optional>
#include <utility>

#include "client/core/benchmark/svg_chart.h"

namespace staccato::client {

class BenchmarkChartView : public QChartView {
  Q_OBJECT
 public:
  enum class Style {
    kLines,   ///< points joined in order (per frame size)
    kPoints,  ///< points only (trials in the order run)
  };
  explicit BenchmarkChartView(Style style, QWidget* parent = nullptr);

  /// Replaces what is drawn; a chart without points shows `emptyText` as its title's subtitle.
  void showChart(const bench::Chart& chart, const QString& emptyText);
  /// Keeps the x axis at [lo, hi] whatever the points (a load in % of line rate: 0..100).
  void setFixedXRange(double lo, double hi) { fixedX_ = {lo, hi}; }
  /// Keeps a linear y axis at [lo, hi] whatever the points (a loss in %: 0..100).
  void setFixedYRange(double lo, double hi) { fixedY_ = {lo, hi}; }
  /// The x axis ends at the nice number next to the last point, not past a margin (time so far).
  void setTightX(bool tight) { tightX_ = tight; }
  /// A logarithmic y axis (rates per frame size span two decades).
  void setLogY(bool log) { logY_ = log; }
  /// Points drawn per series name (tests).
  std::map<QString, int> pointCounts() const { return pointCounts_; }

 private:
  void addSeries(const bench::ChartSeries& series, const QColor& color);

  Style style_;
  std::optional<std::pair<double, double>> fixedX_, fixedY_;
  bool tightX_ = false;
  bool logY_ = false;
  std::map<QString, int> pointCounts_;
};

}  // namespace staccato::client
