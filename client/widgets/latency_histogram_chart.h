#pragma once
/// The latency histogram of one stream: packets per bucket (the drone's log-linear buckets, each
/// at most 1.6 % wide; merged into bins where they would be thinner than a few pixels, see
/// latency_bins.h) drawn as steps over a logarithmic latency axis, with p50, p99 and p99.9
/// marked. Counts are on a logarithmic axis too, so that a tail of a few packets beside millions
/// stays visible. Buckets a drone sent malformed are not drawn; the title says why. An older
/// drone sends no buckets: then only the percentiles are marked.
#include <QChartView>
#include <QList>
#include <QPointF>

#include "staccato/v1/drone.pb.h"

class QAreaSeries;
class QLineSeries;
class QLogValueAxis;

namespace staccato::client {

class LatencyHistogramChart : public QChartView {
  Q_OBJECT
 public:
  /// Where the steps go down to between bins (a logarithmic axis has no 0).
  static constexpr double kFloor = 0.5;

  explicit LatencyHistogramChart(QWidget* parent = nullptr);

  /// Draws `latency` (nullptr or no samples: an empty chart).
  void showLatency(const v1::LatencyStats* latency);

  /// The step outline drawn: (µs, packets) points (tests).
  QList<QPointF> stepPoints() const;
  /// Packets in the buckets drawn (tests: equals the stream's received packets).
  uint64_t drawnCount() const { return drawnCount_; }
  /// Names of the percentile markers shown, e.g. "p50 12.3" (µs; tests).
  QStringList markerNames() const;

 private:
  void showPercentiles(const v1::LatencyStats& l, double top);

  QLineSeries* steps_;
  QLineSeries* floor_;
  QAreaSeries* area_;
  QLineSeries* markers_[3];
  QLogValueAxis* x_;
  QLogValueAxis* y_;
  uint64_t drawnCount_ = 0;
};

}  // namespace staccato::client
