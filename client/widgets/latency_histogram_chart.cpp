#include "client/widgets/latency_histogram_chart.h"

#include <QAreaSeries>
#include <QChart>
#include <QColor>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>

#include <algorithm>
#include <cmath>

#include "client/models/latency_bins.h"
#include "client/models/number_format.h"
#include "rpc/stats/latency_buckets.h"

namespace staccato::client {
namespace {

const QString kTitle = "Latency histogram";
/// Bins across the latency axis at most: each stays a few pixels wide (see latency_bins.h).
constexpr double kBins = 50;

/// A latency in µs on the logarithmic axis: a 0 ns bucket is drawn from half a nanosecond.
double us(double ns) { return std::max(ns, 0.5) / 1000.0; }

}  // namespace

LatencyHistogramChart::LatencyHistogramChart(QWidget* parent) : QChartView(new QChart, parent) {
  setObjectName("latencyHistogram");
  setRenderHint(QPainter::Antialiasing);
  QChart* c = chart();
  c->setTitle(kTitle);
  c->legend()->setAlignment(Qt::AlignBottom);
  c->setMargins(QMargins(4, 4, 4, 4));
  c->setAnimationOptions(QChart::NoAnimation);
  x_ = new QLogValueAxis;
  x_->setTitleText("µs");
  x_->setLabelFormat("%g");
  x_->setBase(10);
  y_ = new QLogValueAxis;
  y_->setTitleText("packets (log scale)");
  y_->setLabelFormat("%g");
  y_->setBase(10);
  c->addAxis(x_, Qt::AlignBottom);
  c->addAxis(y_, Qt::AlignLeft);
  steps_ = new QLineSeries(this);
  floor_ = new QLineSeries(this);
  area_ = new QAreaSeries(steps_, floor_);
  area_->setName("packets");
  area_->setBrush(QColor(40, 110, 200));
  area_->setPen(QPen(QColor(20, 70, 150), 1));
  c->addSeries(area_);
  area_->attachAxis(x_);
  area_->attachAxis(y_);
  c->legend()->markers(area_).first()->setVisible(false);  // the legend names the markers
  const char* names[3] = {"p50", "p99", "p99.9"};
  const QColor colors[3] = {QColor(30, 140, 60), QColor(230, 140, 0), QColor(200, 30, 30)};
  for (int i = 0; i < 3; ++i) {
    markers_[i] = new QLineSeries;
    markers_[i]->setName(names[i]);
    markers_[i]->setPen(QPen(colors[i], 1.2, Qt::DashLine));
    c->addSeries(markers_[i]);
    markers_[i]->attachAxis(x_);
    markers_[i]->attachAxis(y_);
  }
  showLatency(nullptr);
}

void LatencyHistogramChart::showLatency(const v1::LatencyStats* latency) {
  drawnCount_ = 0;
  QList<QPointF> points;
  QString title = kTitle;
  double lo = 1e300, hi = 0, top = 0;
  if (latency && latency->samples() > 0) {
    if (auto ok = rpc::checkLatencyBuckets(*latency); !ok) {
      title += " — not drawn: the drone sent malformed buckets (" + QString::fromStdString(ok.error().toString()) + ")";
    } else if (latency->bucket_index_size() == 0) {
      title += " — the drone sent no buckets (an older drone): percentiles only";
    }
    const std::vector<rpc::LatencyBucket> buckets = rpc::latencyBuckets(*latency);
    lo = us(double(latency->min_ns()));
    hi = us(double(latency->max_ns()) + 1);
    if (!buckets.empty()) {
      lo = std::min(lo, us(double(buckets.front().lowNs)));
      hi = std::max(hi, us(double(buckets.back().highNs) + 1));
    }
    // Steps: each bin from its start to its end, down to 0 between bins that do not touch.
    for (const LatencyBin& bin : latencyBins(buckets, std::log10(hi / lo) / kBins)) {
      const double from = us(bin.lowNs), to = us(bin.endNs), n = double(bin.count);
      if (points.isEmpty() || from != points.last().x()) {
        if (!points.isEmpty()) points.append({points.last().x(), kFloor});
        points.append({from, kFloor});
      }
      points.append({from, n});
      points.append({to, n});
      drawnCount_ += bin.count;
      top = std::max(top, n);
      hi = std::max(hi, to);
    }
    if (!points.isEmpty()) points.append({points.last().x(), kFloor});
  }
  steps_->replace(points);
  floor_->replace(points.isEmpty() ? QList<QPointF>{} : QList<QPointF>{{points.first().x(), kFloor}, {points.last().x(), kFloor}});
  chart()->setTitle(title);
  if (hi <= lo) {
    lo = 0.1;
    hi = 1000;
  }
  x_->setRange(lo / 1.25, hi * 1.25);
  top = std::max(top, 1.0);
  y_->setRange(kFloor, top * 2);
  if (latency && latency->samples() > 0)
    showPercentiles(*latency, top);
  else
    for (QLineSeries* m : markers_) m->clear();
}

void LatencyHistogramChart::showPercentiles(const v1::LatencyStats& l, double top) {
  const uint64_t values[3] = {l.p50_ns(), l.p99_ns(), l.p999_ns()};
  const char* names[3] = {"p50", "p99", "p99.9"};
  for (int i = 0; i < 3; ++i) {
    const double x = us(double(values[i]));
    markers_[i]->replace(QList<QPointF>{{x, kFloor}, {x, top}});
    // Values without the unit (the axis says µs), three digits or so: the legend is narrow.
    const double value = double(values[i]) / 1000.0;
    markers_[i]->setName(QString("%1 %2").arg(names[i], formatCompact(value, value < 1 ? 3 : value < 10 ? 2 : value < 100 ? 1 : 0)));
  }
}

QList<QPointF> LatencyHistogramChart::stepPoints() const { return steps_->points(); }

QStringList LatencyHistogramChart::markerNames() const {
  QStringList names;
  for (const QLineSeries* m : markers_)
    if (m->count() > 0) names << m->name();
  return names;
}

}  // namespace staccato::client
