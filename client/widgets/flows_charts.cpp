#include "client/widgets/flows_charts.h"

#include <QChart>
#include <QChartView>
#include <QHBoxLayout>
#include <QLineSeries>
#include <QPainter>
#include <QTimer>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace staccato::client {
namespace {

constexpr int kRefreshMs = 250;

/// Fits an axis to the values with a little headroom (never a zero-height range).
void fit(QValueAxis* a, double lo, double hi) {
  if (hi <= lo) hi = lo + 1;
  a->setRange(lo, hi + (hi - lo) * 0.08);
  a->applyNiceNumbers();
}

}  // namespace

FlowsCharts::FlowsCharts(FlowSeries* series, QWidget* parent) : QWidget(parent), series_(series) {
  setObjectName("flowsCharts");
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(4);
  const Chart rate = makeChart(0, tr("New connections"), tr("conn/s"));
  const Chart open = makeChart(1, tr("Open connections"), tr("connections"));
  const Chart failed = makeChart(2, tr("Failures"), tr("per second"));
  const Chart latency = makeChart(3, tr("Latency p99"), tr("ms"));
  for (QChartView* v : views_) layout->addWidget(v, 1);
  addLine(rate, FlowSeries::kConnectionsPerSecond, tr("conn/s"), QColor(0x1f, 0x77, 0xb4));
  addLine(open, FlowSeries::kOpen, tr("open"), QColor(0x2c, 0xa0, 0x2c));
  addLine(failed, FlowSeries::kFailuresPerSecond, tr("device"), QColor(0xd6, 0x27, 0x28));
  addLine(failed, FlowSeries::kTesterPerSecond, tr("tester's limits"), QColor(0xc0, 0x8a, 0x00));
  addLine(latency, FlowSeries::kConnectP99, tr("connect"), QColor(0x94, 0x67, 0xbd));
  addLine(latency, FlowSeries::kFirstByteP99, tr("first byte"), QColor(0xff, 0x7f, 0x0e));

  throttle_ = new QTimer(this);
  throttle_->setSingleShot(true);
  throttle_->setInterval(kRefreshMs);
  connect(throttle_, &QTimer::timeout, this, &FlowsCharts::refresh);
  connect(series_, &FlowSeries::changed, this, [this] {
    if (!throttle_->isActive()) throttle_->start();
  });
  refresh();
}

FlowsCharts::Chart FlowsCharts::makeChart(int i, const QString& title, const QString& unit) {
  auto* c = new QChart;
  c->setTitle(title);
  c->legend()->setAlignment(Qt::AlignBottom);
  c->setMargins(QMargins(2, 2, 2, 2));
  c->setAnimationOptions(QChart::NoAnimation);
  auto axis = [c](Qt::Alignment where, const QString& text) {
    auto* a = new QValueAxis;
    a->setTitleText(text);
    a->setLabelFormat("%g");
    c->addAxis(a, where);
    return a;
  };
  const Chart chart{c, axis(Qt::AlignBottom, tr("seconds")), axis(Qt::AlignLeft, unit)};
  chart.x->setTickType(QValueAxis::TicksDynamic);
  chart.x->setTickAnchor(0);
  auto* v = new QChartView(c, this);
  v->setObjectName(QString("flowsChart%1").arg(i));
  v->setRenderHint(QPainter::Antialiasing);
  v->setMinimumSize(220, 200);
  views_[size_t(i)] = v;
  charts_[size_t(i)] = chart;
  return chart;
}

QLineSeries* FlowsCharts::addLine(const Chart& c, FlowSeries::Series s, const QString& name, const QColor& colour) {
  auto* line = new QLineSeries;
  line->setName(name);
  line->setPen(QPen(colour, 2));
  c.chart->addSeries(line);
  line->attachAxis(c.x);
  line->attachAxis(c.y);
  lines_[s] = line;
  chartOf_[s] = int(std::find_if(charts_.begin(), charts_.end(), [&](const Chart& k) { return k.chart == c.chart; }) -
                    charts_.begin());
  // A chart of one line needs no legend.
  c.chart->legend()->setVisible(c.chart->series().size() > 1);
  return line;
}

void FlowsCharts::setDuration(double seconds) {
  duration_ = seconds;
  refresh();
}

int FlowsCharts::pointCount(FlowSeries::Series s) const { return int(lines_[s]->count()); }

void FlowsCharts::refresh() {
  const double seconds = std::max({10.0, duration_, series_->lastSeconds()});
  // Ticks at round seconds from 0 (1, 2 or 5 times a power of ten, about 6 of them).
  const double rough = seconds / 6, power = std::pow(10.0, std::floor(std::log10(rough)));
  const double step = power * (rough / power < 1.5 ? 1 : rough / power < 3.5 ? 2 : rough / power < 7.5 ? 5 : 10);
  std::array<double, 4> top{};
  for (int s = 0; s < FlowSeries::kCount; ++s) {
    const QList<QPointF>& p = series_->points(FlowSeries::Series(s));
    lines_[size_t(s)]->replace(p);
    for (const QPointF& q : p) top[size_t(chartOf_[size_t(s)])] = std::max(top[size_t(chartOf_[size_t(s)])], q.y());
  }
  for (size_t i = 0; i < charts_.size(); ++i) {
    charts_[i].x->setRange(0, seconds);
    charts_[i].x->setTickInterval(step);
    fit(charts_[i].y, 0, top[i]);
  }
}

}  // namespace staccato::client
