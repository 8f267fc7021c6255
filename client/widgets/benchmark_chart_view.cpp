#include "client/widgets/benchmark_chart_view.h"

#include <QCategoryAxis>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

#include "client/models/qs.h"

namespace staccato::client {
namespace {

// The HTML report's colours (svg_chart.cpp), by the series' place in the chart, so a series
// looks the same on the page and in the report.
const QColor kPalette[] = {QColor("#1f77b4"), QColor("#d62728"), QColor("#2ca02c"), QColor("#ff7f0e"),
                           QColor("#9467bd"), QColor("#8c564b"), QColor("#e377c2"), QColor("#17becf")};

QScatterSeries* markers(const QColor& color, bool hollow, double size) {
  auto* s = new QScatterSeries;
  s->setMarkerShape(QScatterSeries::MarkerShapeCircle);
  s->setMarkerSize(size);
  s->setColor(hollow ? Qt::white : color);
  s->setBorderColor(color);
  s->setPen(QPen(color, 1.6));
  return s;
}

/// The tooltip of the point nearest `at` in `points` (the chart tells the hovered value only).
QString nearestTip(const std::vector<bench::ChartPoint>& points, const QPointF& at) {
  const bench::ChartPoint* best = nullptr;
  double bestDistance = 0;
  for (const bench::ChartPoint& p : points) {
    const double d = std::hypot(p.x - at.x(), p.y - at.y());
    if (!best || d < bestDistance) best = &p, bestDistance = d;
  }
  return best ? qs(best->tip) : QString();
}

}  // namespace

BenchmarkChartView::BenchmarkChartView(Style style, QWidget* parent) : QChartView(new QChart, parent), style_(style) {
  setRenderHint(QPainter::Antialiasing);
  chart()->legend()->setAlignment(Qt::AlignBottom);
  chart()->setMargins(QMargins(4, 4, 4, 4));
  chart()->setAnimationOptions(QChart::NoAnimation);
  setMinimumSize(320, 240);
}

void BenchmarkChartView::showChart(const bench::Chart& c, const QString& emptyText) {
  QChart* ch = chart();
  ch->removeAllSeries();
  for (QAbstractAxis* a : ch->axes()) {
    ch->removeAxis(a);
    delete a;
  }
  pointCounts_.clear();
  const bool empty = std::all_of(c.series.begin(), c.series.end(), [](const auto& s) { return s.points.empty(); });
  ch->setTitle(QString("<b>%1</b>%2").arg(qs(c.title), empty ? "<br><span style='color:#777'>" + emptyText + "</span>" : QString()));

  double xLo = 0, xHi = 1, yHi = 0, yLoPositive = 0;
  bool anyPoint = false;
  for (const auto& s : c.series)
    for (const auto& p : s.points) {
      xLo = anyPoint ? std::min(xLo, p.x) : p.x;
      xHi = anyPoint ? std::max(xHi, p.x) : p.x;
      yHi = std::max(yHi, p.y);
      if (p.y > 0) yLoPositive = yLoPositive > 0 ? std::min(yLoPositive, p.y) : p.y;
      anyPoint = true;
    }
  QAbstractAxis* x = nullptr;
  if (!c.categories.empty()) {
    auto* cat = new QCategoryAxis;
    cat->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    for (size_t i = 0; i < c.categories.size(); ++i) cat->append(qs(c.categories[i]), double(i));
    cat->setRange(-0.5, double(c.categories.size()) - 0.5);
    x = cat;
  } else {
    auto* v = new QValueAxis;
    if (fixedX_) {
      v->setRange(fixedX_->first, fixedX_->second);
    } else {
      v->setRange(anyPoint ? std::min(0.0, xLo) : 0, anyPoint && xHi > 0 ? xHi * (tightX_ ? 1 : 1.05) : 100);
      v->applyNiceNumbers();
    }
    v->setLabelFormat("%g");
    x = v;
  }
  x->setTitleText(qs(c.xLabel));
  QAbstractAxis* y = nullptr;
  if (logY_ && yLoPositive > 0) {
    auto* log = new QLogValueAxis;
    log->setBase(10);
    log->setMinorTickCount(8);
    log->setLabelFormat("%g");
    log->setRange(std::pow(10, std::floor(std::log10(yLoPositive))), std::pow(10, std::ceil(std::log10(yHi * 1.05))));
    y = log;
  } else {
    auto* linear = new QValueAxis;
    linear->setLabelFormat("%g");
    if (fixedY_) {
      linear->setRange(fixedY_->first, fixedY_->second);
    } else {
      linear->setRange(0, yHi > 0 ? yHi * 1.08 : 1);
      linear->applyNiceNumbers();
    }
    y = linear;
  }
  y->setTitleText(qs(c.yLabel));
  ch->addAxis(x, Qt::AlignBottom);
  ch->addAxis(y, Qt::AlignLeft);

  for (size_t i = 0; i < c.series.size(); ++i)
    if (!c.series[i].points.empty()) addSeries(c.series[i], kPalette[i % std::size(kPalette)]);
}

void BenchmarkChartView::addSeries(const bench::ChartSeries& s, const QColor& color) {
  QChart* ch = chart();
  const QString name = qs(s.name);
  pointCounts_[name] = int(s.points.size());
  auto attach = [ch](QAbstractSeries* series, bool inLegend) {
    ch->addSeries(series);
    for (QAbstractAxis* a : ch->axes()) series->attachAxis(a);
    for (QLegendMarker* m : ch->legend()->markers(series)) m->setVisible(inLegend);
  };
  const bool lines = style_ == Style::kLines || s.dashed;
  if (lines) {
    auto* line = new QLineSeries;
    line->setName(name);
    QPen pen(color, s.dashed ? 1.5 : 2.2);
    if (s.dashed) pen.setStyle(Qt::DashLine);
    line->setPen(pen);
    for (const auto& p : s.points) line->append(p.x, p.y);
    attach(line, true);
  }
  if (s.dashed) return;
  auto* filled = markers(color, false, lines ? 7 : 8);
  auto* hollow = markers(color, true, lines ? 9 : 8);
  filled->setName(name);
  for (const auto& p : s.points) (p.hollow ? hollow : filled)->append(p.x, p.y);
  for (QScatterSeries* m : {filled, hollow}) {
    connect(m, &QScatterSeries::hovered, this, [this, points = s.points](const QPointF& at, bool state) {
      if (state) QToolTip::showText(QCursor::pos(), nearestTip(points, at), this);
      else QToolTip::hideText();
    });
    attach(m, !lines && m == filled);
  }
}

}  // namespace staccato::client
