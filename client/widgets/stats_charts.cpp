#include "client/widgets/stats_charts.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QMessageBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QPainter>
#include <QPushButton>
#include <QSplitter>
#include <QTimer>
#include <QValueAxis>

#include <algorithm>

#include "client/models/number_format.h"
#include "common/core/si_units.h"
#include "client/widgets/latency_histogram_chart.h"

namespace staccato::client {

namespace {

constexpr int kRefreshMs = 250;  // charts redraw at most 4 times a second, however fast stats come

QChart* makeChart(const QString& title) {
  auto* c = new QChart;
  c->setTitle(title);
  c->legend()->setAlignment(Qt::AlignBottom);
  c->setMargins(QMargins(4, 4, 4, 4));
  c->setAnimationOptions(QChart::NoAnimation);
  return c;
}

QValueAxis* axis(QChart* chart, Qt::Alignment where, const QString& title) {
  auto* a = new QValueAxis;
  a->setTitleText(title);
  a->setLabelFormat("%g");
  chart->addAxis(a, where);
  return a;
}

/// Fits an axis to the values with a little headroom (and never a zero-height range).
void fit(QValueAxis* a, double lo, double hi) {
  if (hi <= lo) hi = lo + 1;
  a->setRange(lo, hi + (hi - lo) * 0.08);
  a->applyNiceNumbers();
}

QList<QPointF> scaled(QList<QPointF> points, double divisor) {
  for (auto& p : points) p.setY(p.y() / divisor);
  return points;
}

bool allZero(const QList<QPointF>& points) {
  return std::all_of(points.begin(), points.end(), [](const QPointF& p) { return p.y() == 0; });
}

/// A port's name in the legend: "port", or "drone port" when another drone has a port of that name.
QString legendName(const QString& key, const QStringList& allKeys) {
  const qsizetype bar = key.indexOf('|');
  const QString port = key.mid(bar + 1);
  const auto sameName = std::count_if(allKeys.begin(), allKeys.end(),
                                      [&](const QString& k) { return k.mid(k.indexOf('|') + 1) == port; });
  return sameName > 1 ? key.left(bar) + " " + port : port;
}

}  // namespace

StatsCharts::StatsCharts(StatsHistory* history, QWidget* parent) : QWidget(parent), history_(history) {
  setObjectName("statsCharts");
  auto* top = new QHBoxLayout;
  rateUnit_ = new QComboBox(this);
  rateUnit_->setObjectName("rateUnit");
  rateUnit_->addItems({"packets/s", "bits/s (L1)"});
  streamChoice_ = new QComboBox(this);
  streamChoice_->setObjectName("latencyStream");
  streamChoice_->setMinimumContentsLength(24);
  pause_ = new QCheckBox("Pause", this);
  pause_->setObjectName("pauseCharts");
  auto* reset = new QPushButton("Reset zoom", this);
  auto* png = new QPushButton("Export PNG…", this);
  png->setObjectName("exportChartsPng");
  top->addWidget(new QLabel("Rates in", this));
  top->addWidget(rateUnit_);
  top->addSpacing(16);
  top->addWidget(new QLabel("Latency of", this));
  top->addWidget(streamChoice_, 1);
  top->addWidget(pause_);
  top->addWidget(reset);
  top->addWidget(png);

  rateChart_ = makeChart("Transmit and receive rate per port");
  rateX_ = axis(rateChart_, Qt::AlignBottom, "seconds");
  rateY_ = axis(rateChart_, Qt::AlignLeft, "packets/s");
  latencyChart_ = makeChart("Latency over time");
  latencyX_ = axis(latencyChart_, Qt::AlignBottom, "seconds");
  latencyY_ = axis(latencyChart_, Qt::AlignLeft, "µs");
  const char* names[3] = {"avg", "p99", "max"};
  for (int i = 0; i < 3; ++i) {
    latencySeries_[i] = new QLineSeries;
    latencySeries_[i]->setName(names[i]);
    latencyChart_->addSeries(latencySeries_[i]);
    latencySeries_[i]->attachAxis(latencyX_);
    latencySeries_[i]->attachAxis(latencyY_);
  }
  auto view = [this](QChart* c) {
    auto* v = new QChartView(c, this);
    v->setRenderHint(QPainter::Antialiasing);
    v->setRubberBand(QChartView::RectangleRubberBand);
    v->setMinimumHeight(160);
    return v;
  };
  rateView_ = view(rateChart_);
  rateView_->setObjectName("rateChart");
  latencyView_ = view(latencyChart_);
  latencyView_->setObjectName("latencyChart");
  histogram_ = new LatencyHistogramChart(this);
  histogram_->setMinimumHeight(160);
  histogram_->setMinimumWidth(320);
  auto* split = new QSplitter(Qt::Horizontal, this);
  split->addWidget(rateView_);
  split->addWidget(latencyView_);
  split->addWidget(histogram_);
  split->setSizes({550, 450, 450});

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(top);
  layout->addWidget(split, 1);

  throttle_ = new QTimer(this);
  throttle_->setSingleShot(true);
  throttle_->setInterval(kRefreshMs);
  connect(throttle_, &QTimer::timeout, this, &StatsCharts::refresh);
  connect(history_, &StatsHistory::appended, this, [this] {
    if (!throttle_->isActive()) throttle_->start();
  });
  connect(rateUnit_, &QComboBox::currentIndexChanged, this, &StatsCharts::refresh);
  connect(streamChoice_, &QComboBox::currentIndexChanged, this, &StatsCharts::refreshLatency);
  connect(pause_, &QCheckBox::toggled, this, [this](bool paused) {
    if (!paused) refresh();
  });
  connect(reset, &QPushButton::clicked, this, &StatsCharts::resetZoom);
  connect(png, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, "Export charts", "charts.png", "PNG images (*.png)");
    if (!path.isEmpty() && !exportPng(path)) QMessageBox::warning(this, "Export charts", "Cannot write " + path);
  });
  for (QChart* c : {rateChart_, latencyChart_})
    connect(c, &QChart::plotAreaChanged, this, [this] { zoomed_ = rateChart_->isZoomed() || latencyChart_->isZoomed(); });
  refresh();  // a history loaded before the charts (a recording) is drawn at once
}

void StatsCharts::selectStream(const QString& streamKey) {
  if (!streamKeys_.contains(streamKey)) refreshLatency();
  if (const int i = int(streamKeys_.indexOf(streamKey)); i >= 0) streamChoice_->setCurrentIndex(i);
}

QLineSeries* StatsCharts::rateSeries(const QString& id) {
  auto& s = rateSeries_[id];
  if (!s) {
    s = new QLineSeries;
    rateChart_->addSeries(s);
    s->attachAxis(rateX_);
    s->attachAxis(rateY_);
  }
  return s;
}

void StatsCharts::refresh() {
  if (pause_->isChecked()) return;
  refreshRates();
  refreshLatency();
}

void StatsCharts::refreshRates() {
  const bool bits = rateUnit_->currentIndex() == 1;
  struct Line {
    QString id;  ///< "drone|port tx": unique, even when drones have ports of the same name
    QString name;
    QList<QPointF> points;
  };
  std::vector<Line> lines;
  double xMin = 1e300, xMax = 0, yMax = 0;
  const QStringList keys = history_->portKeys();
  for (const QString& key : keys) {
    const auto tx = history_->portSeries(key, bits ? StatsHistory::PortSeries::kTxBpsL1 : StatsHistory::PortSeries::kTxPps);
    const auto rx = history_->portSeries(key, bits ? StatsHistory::PortSeries::kRxBpsL1 : StatsHistory::PortSeries::kRxPps);
    const QString name = legendName(key, keys);
    lines.push_back({key + " tx", name + " tx", tx});
    lines.push_back({key + " rx", name + " rx", rx});
  }
  for (const auto& l : lines)
    for (const auto& p : l.points) {
      xMin = std::min(xMin, p.x());
      xMax = std::max(xMax, p.x());
      yMax = std::max(yMax, p.y());
    }
  const SiScale scale = siScale(yMax);  // short axis labels: 450 kpackets/s, not 4.5e+05
  rateY_->setTitleText(QString(bits ? "%1bit/s (L1)" : "%1packets/s").arg(scale.prefix));
  for (const auto& l : lines) {
    // A direction that never carried traffic would only clutter the chart and its legend.
    if (allZero(l.points) && !rateSeries_.count(l.id)) continue;
    QLineSeries* series = rateSeries(l.id);
    series->setName(l.name);  // a drone added later can make a name ambiguous
    series->replace(scaled(l.points, scale.divisor));
  }
  if (!zoomed_ && xMin <= xMax) {
    fit(rateX_, xMin, xMax);
    fit(rateY_, 0, yMax / scale.divisor);
  }
}

void StatsCharts::refreshLatency() {
  // Keep the stream list in step with the history, without resetting the user's choice. One
  // bulk insert: with thousands of streams, item-by-item inserts would stall the GUI.
  const QStringList keys = history_->streamKeys();
  if (keys != streamKeys_) {
    const int at = streamKeys_.indexOf(streamChoice_->currentIndex() >= 0 ? streamKeys_.value(streamChoice_->currentIndex()) : QString());
    const QString current = at >= 0 ? streamKeys_[at] : QString();
    QStringList labels;
    for (const QString& k : keys) {
      const auto p = k.split('|');
      labels << (p.size() == 4 ? QString("stream %1  %2 → %3").arg(p[3], p[1], p[2]) : k);
    }
    QSignalBlocker block(streamChoice_);
    streamChoice_->clear();
    streamChoice_->addItems(labels);
    streamKeys_ = keys;
    streamChoice_->setCurrentIndex(std::max(0, int(keys.indexOf(current))));
  }
  const QString key = streamKeys_.value(streamChoice_->currentIndex());
  double xMin = 1e300, xMax = 0, yMax = 0;
  const StatsHistory::LatencySeries kinds[3] = {StatsHistory::LatencySeries::kAvg, StatsHistory::LatencySeries::kP99,
                                                StatsHistory::LatencySeries::kMax};
  for (int i = 0; i < 3; ++i) {
    const auto pts = key.isEmpty() ? QList<QPointF>{} : history_->latencySeries(key, kinds[i]);
    latencySeries_[i]->replace(pts);
    for (const auto& p : pts) {
      xMin = std::min(xMin, p.x());
      xMax = std::max(xMax, p.x());
      yMax = std::max(yMax, p.y());
    }
  }
  if (!zoomed_ && xMin <= xMax) {
    fit(latencyX_, xMin, xMax);
    fit(latencyY_, 0, yMax);
  }
  histogram_->showLatency(key.isEmpty() ? nullptr : history_->latestLatency(key));
}

void StatsCharts::resetZoom() {
  rateChart_->zoomReset();
  latencyChart_->zoomReset();
  zoomed_ = false;
  refresh();
}

QStringList StatsCharts::rateSeriesNames() const {
  QStringList names;
  for (const auto& [_, s] : rateSeries_) names << s->name();
  return names;
}

int StatsCharts::ratePointCount() const {
  int n = 0;
  for (const auto& [_, s] : rateSeries_) n += s->count();
  return n;
}

bool StatsCharts::exportPng(const QString& path) {
  const QSize size(1500, 420);
  QImage image(size, QImage::Format_ARGB32);
  image.fill(Qt::white);
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  const int w = size.width() / 3;
  int x = 0;
  for (QChartView* v : {rateView_, latencyView_, static_cast<QChartView*>(histogram_)}) {
    v->render(&painter, QRectF(x, 0, w, size.height()));
    x += w;
  }
  painter.end();
  return image.save(path, "PNG");
}

}  // namespace staccato::client
