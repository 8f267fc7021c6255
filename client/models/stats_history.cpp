#include "client/models/stats_history.h"

#include <algorithm>

namespace staccato::client {

StatsHistory::StatsHistory(QObject* parent) : StatsHistory(kDefaultCapacity, parent) {}

StatsHistory::StatsHistory(int capacity, QObject* parent) : QObject(parent), capacity_(std::max(capacity, 1)) {}

double StatsHistory::xOf(Drone& drone, uint64_t timestampNs) {
  if (!drone.anchored || timestampNs < drone.lastNs) {
    const bool first = !sinceFirst_.isValid();
    if (first) sinceFirst_.start();
    drone.anchored = true;
    drone.firstNs = timestampNs;
    drone.offset = first ? 0.0 : double(sinceFirst_.elapsed()) / 1000.0;
  }
  drone.lastNs = timestampNs;
  return drone.offset + double(timestampNs - drone.firstNs) / 1e9;
}

void StatsHistory::applySnapshot(const QString& droneKey, const v1::StatsSnapshot& snapshot) {
  Drone& drone = drones_[droneKey];
  const double x = xOf(drone, snapshot.timestamp_ns());
  for (const v1::PortStats& p : snapshot.ports()) {
    auto it = drone.ports.find(p.port());
    if (it == drone.ports.end()) {
      const QString key = portKey(droneKey, p.port());
      it = drone.ports.emplace(p.port(), int(ports_.size())).first;
      ports_.emplace_back(size_t(capacity_));
      portKeys_ << key;
      portByKey_.insert(key, it->second);
    }
    ports_[size_t(it->second)].push({x, p.tx_pps(), p.rx_pps(), p.tx_bps_l1(), p.rx_bps_l1()});
  }
  for (const v1::StreamStats& s : snapshot.streams()) {
    const v1::LatencyStats& l = s.latency();
    if (s.rx_port().empty() || l.samples() == 0) continue;
    int slot = drone.streams.find(s.tx_port(), s.rx_port(), s.stream_id());
    if (slot < 0) {
      if (int(streams_.size()) >= maxStreamSeries_) continue;
      slot = int(streams_.size());
      const QString key = streamKey(droneKey, s.tx_port(), s.rx_port(), s.stream_id());
      drone.streams.insert(s.tx_port(), s.rx_port(), s.stream_id(), slot);
      streams_.push_back({DownsampledSeries<LatencyPoint>(size_t(capacity_)), {}});
      streamKeys_ << key;
      streamByKey_.insert(key, slot);
    }
    StreamHistory& h = streams_[size_t(slot)];
    h.ring.push({x, float(double(l.avg_ns()) / 1000.0), float(double(l.p99_ns()) / 1000.0),
                 float(double(l.max_ns()) / 1000.0)});
    h.latest = l;
  }
  emit appended();
}

void StatsHistory::clear() {
  sinceFirst_.invalidate();
  drones_.clear();
  ports_.clear();
  portKeys_.clear();
  portByKey_.clear();
  streams_.clear();
  streamKeys_.clear();
  streamByKey_.clear();
}

QList<QPointF> StatsHistory::portSeries(const QString& portKey, PortSeries series) const {
  QList<QPointF> points;
  auto it = portByKey_.constFind(portKey);
  if (it == portByKey_.constEnd()) return points;
  const auto& ring = ports_[size_t(it.value())];
  points.reserve(qsizetype(ring.size()));
  ring.forEach([&](const PortPoint& p) {
    switch (series) {
      case PortSeries::kTxPps: points.append({p.x, p.txPps}); break;
      case PortSeries::kRxPps: points.append({p.x, p.rxPps}); break;
      case PortSeries::kTxBpsL1: points.append({p.x, p.txBpsL1}); break;
      case PortSeries::kRxBpsL1: points.append({p.x, p.rxBpsL1}); break;
    }
  });
  return points;
}

QList<QPointF> StatsHistory::latencySeries(const QString& streamKey, LatencySeries series) const {
  QList<QPointF> points;
  auto it = streamByKey_.constFind(streamKey);
  if (it == streamByKey_.constEnd()) return points;
  const auto& ring = streams_[size_t(it.value())].ring;
  points.reserve(qsizetype(ring.size()));
  ring.forEach([&](const LatencyPoint& p) {
    switch (series) {
      case LatencySeries::kAvg: points.append({p.x, double(p.avg)}); break;
      case LatencySeries::kP99: points.append({p.x, double(p.p99)}); break;
      case LatencySeries::kMax: points.append({p.x, double(p.max)}); break;
    }
  });
  return points;
}

const v1::LatencyStats* StatsHistory::latestLatency(const QString& streamKey) const {
  auto it = streamByKey_.constFind(streamKey);
  return it == streamByKey_.constEnd() ? nullptr : &streams_[size_t(it.value())].latest;
}

}  // namespace staccato::client
