#pragma once
/// StatsHistory: time series for the charts, fed with the same snapshots as the stats tables.
/// Each series keeps the whole run in at most `capacity` points (DownsampledSeries: older points
/// merge in pairs as the run goes on); x is seconds since the first snapshot.
/// Drones' monotonic clocks are unrelated, so each drone's timestamps count from its own first
/// snapshot, placed at the local time it arrived.
#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointF>
#include <QStringList>

#include <string>
#include <unordered_map>
#include <vector>

#include "client/models/stats_keys.h"
#include "client/models/downsampled_series.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::client {

class StatsHistory : public QObject {
  Q_OBJECT
 public:
  enum class PortSeries { kTxPps, kRxPps, kTxBpsL1, kRxBpsL1 };
  enum class LatencySeries { kAvg, kP99, kMax };  ///< µs
  static constexpr int kDefaultCapacity = 3600;
  /// Per-stream series kept at most (memory: 10,000 streams × 3,600 points would be GBs).
  static constexpr int kDefaultMaxStreamSeries = 1024;

  explicit StatsHistory(QObject* parent = nullptr);
  explicit StatsHistory(int capacity, QObject* parent = nullptr);

  int capacity() const { return capacity_; }
  int maxStreamSeries() const { return maxStreamSeries_; }
  /// Streams beyond this many get no series (existing ones keep theirs).
  void setMaxStreamSeries(int count) { maxStreamSeries_ = count; }

  /// Appends one point to the series of every port ("drone|port": pps and L1 bit/s) and of
  /// every received stream with latency samples ("drone|tx|rx|id"). Emits appended().
  void applySnapshot(const QString& droneKey, const v1::StatsSnapshot& snapshot);
  void clear();

  QList<QPointF> portSeries(const QString& portKey, PortSeries series) const;
  QList<QPointF> latencySeries(const QString& streamKey, LatencySeries series) const;
  QStringList portKeys() const { return portKeys_; }
  QStringList streamKeys() const { return streamKeys_; }
  /// The latest latency stats of a stream (for the histogram chart: with its buckets when the
  /// drone sent them; only the latest are kept, so memory stays bounded), or nullptr.
  const v1::LatencyStats* latestLatency(const QString& streamKey) const;

 signals:
  void appended();

 private:
  struct PortPoint {
    double x, txPps, rxPps, txBpsL1, rxBpsL1;
    /// Two neighbours as one: the mean of their times and rates.
    static PortPoint merge(const PortPoint& a, const PortPoint& b) {
      return {(a.x + b.x) / 2, (a.txPps + b.txPps) / 2, (a.rxPps + b.rxPps) / 2, (a.txBpsL1 + b.txBpsL1) / 2,
              (a.rxBpsL1 + b.rxBpsL1) / 2};
    }
  };
  struct LatencyPoint {  // float values: 1,000 streams × 3,600 points stay under 100 MB
    double x;
    float avg, p99, max;
    /// Two neighbours as one: means of the average and the p99, the larger maximum (a spike stays).
    static LatencyPoint merge(const LatencyPoint& a, const LatencyPoint& b) {
      return {(a.x + b.x) / 2, (a.avg + b.avg) / 2, (a.p99 + b.p99) / 2, a.max > b.max ? a.max : b.max};
    }
  };
  struct StreamHistory {
    DownsampledSeries<LatencyPoint> ring;
    v1::LatencyStats latest;
  };
  struct Drone {
    bool anchored = false;
    uint64_t firstNs = 0, lastNs = 0;
    double offset = 0;  ///< seconds from the first snapshot of all to this drone's first
    std::unordered_map<std::string, int> ports;
    StreamKeyIndex streams;
  };

  /// x of a snapshot of `drone`, re-anchoring when its clock went back (the drone restarted).
  double xOf(Drone& drone, uint64_t timestampNs);

  int capacity_;
  int maxStreamSeries_ = kDefaultMaxStreamSeries;
  QElapsedTimer sinceFirst_;
  QHash<QString, Drone> drones_;
  std::vector<DownsampledSeries<PortPoint>> ports_;
  QStringList portKeys_;
  QHash<QString, int> portByKey_;
  std::vector<StreamHistory> streams_;
  QStringList streamKeys_;
  QHash<QString, int> streamByKey_;
};

}  // namespace staccato::client
