#pragma once
/// FlowSeries: the Flows page's charts over a run, one point per reading of the client side (x:
/// the run's seconds): connections begun a second, connections open, the device's failures a
/// second and the tester's own, and the connect and first-byte p99 of the connections measured
/// between the readings (their histograms' difference), in ms. A long run keeps every other
/// point once a series is past kMaxPoints, so it never grows without end.
#include <QList>
#include <QObject>
#include <QPointF>

#include <array>

#include "client/core/flows/flow_totals.h"

namespace staccato::client {

class FlowSeries : public QObject {
  Q_OBJECT
 public:
  enum Series { kConnectionsPerSecond, kOpen, kFailuresPerSecond, kTesterPerSecond, kConnectP99, kFirstByteP99, kCount };
  static constexpr qsizetype kMaxPoints = 3600;

  explicit FlowSeries(QObject* parent = nullptr);

  void clear();
  /// A reading `now` of the client side after `before` (the first of a run: before is empty).
  void add(const v1::PortFlows& now, const v1::PortFlows& before);
  const QList<QPointF>& points(Series s) const { return points_[s]; }
  /// The run's seconds so far (the last point's x).
  double lastSeconds() const;

 signals:
  void changed();

 private:
  std::array<QList<QPointF>, kCount> points_;
};

/// The latency of the samples `now` has and `before` had not (each merged over templates and
/// phases, with buckets): their histograms' difference, percentiles from it; samples 0 without.
v1::LatencyStats flowLatencyBetween(const v1::PortFlows& now, const v1::PortFlows& before, FlowLatency which);

}  // namespace staccato::client
