#include "client/models/flow_series.h"

#include <map>

#include "rpc/stats/latency_buckets.h"

namespace staccato::client {

FlowSeries::FlowSeries(QObject* parent) : QObject(parent) {}

void FlowSeries::clear() {
  for (auto& p : points_) p.clear();
  emit changed();
}

double FlowSeries::lastSeconds() const {
  return points_[kOpen].isEmpty() ? 0 : points_[kOpen].back().x();
}

void FlowSeries::add(const v1::PortFlows& now, const v1::PortFlows& before) {
  const double x = double(now.elapsed_ns()) / 1e9;
  const double seconds = double(now.elapsed_ns()) / 1e9 - double(before.elapsed_ns()) / 1e9;
  if (seconds <= 0) return;  // the same reading again (or the run's end read twice)
  const FlowTotals d = flowTotals(now).minus(flowTotals(before));
  const v1::LatencyStats connect = flowLatencyBetween(now, before, FlowLatency::kConnect);
  const v1::LatencyStats first = flowLatencyBetween(now, before, FlowLatency::kFirstByte);
  auto push = [&](Series s, double y) {
    QList<QPointF>& p = points_[s];
    p.append({x, y});
    if (p.size() <= kMaxPoints) return;
    QList<QPointF> half;
    for (qsizetype i = 0; i < p.size(); i += 2) half.append(p[i]);
    if (half.back() != p.back()) half.append(p.back());
    p = std::move(half);
  };
  push(kConnectionsPerSecond, perSecond(d.attempted, seconds));
  push(kOpen, double(openConnections(now)));
  push(kFailuresPerSecond, perSecond(d.failures(), seconds));
  push(kTesterPerSecond, perSecond(d.tester, seconds));
  // A second without a connection measured has no latency: the line keeps its last value.
  auto latest = [&](Series s) { return points_[s].isEmpty() ? 0.0 : points_[s].back().y(); };
  push(kConnectP99, connect.samples() ? double(connect.p99_ns()) / 1e6 : latest(kConnectP99));
  push(kFirstByteP99, first.samples() ? double(first.p99_ns()) / 1e6 : latest(kFirstByteP99));
  emit changed();
}

v1::LatencyStats flowLatencyBetween(const v1::PortFlows& now, const v1::PortFlows& before, FlowLatency which) {
  const v1::LatencyStats a = mergedFlowLatency(now, which), b = mergedFlowLatency(before, which);
  v1::LatencyStats d;
  if (a.sub_bucket_bits() == 0 || (b.samples() > 0 && b.sub_bucket_bits() != a.sub_bucket_bits())) return d;
  std::map<uint32_t, uint64_t> counts;
  for (int i = 0; i < a.bucket_index_size() && i < a.bucket_count_size(); ++i) counts[a.bucket_index(i)] += a.bucket_count(i);
  for (int i = 0; i < b.bucket_index_size() && i < b.bucket_count_size(); ++i) {
    uint64_t& c = counts[b.bucket_index(i)];
    c = c > b.bucket_count(i) ? c - b.bucket_count(i) : 0;
  }
  d.set_sub_bucket_bits(a.sub_bucket_bits());
  uint64_t samples = 0;
  for (const auto& [index, count] : counts) {
    if (count == 0) continue;
    d.add_bucket_index(index);
    d.add_bucket_count(count);
    samples += count;
  }
  if (samples == 0) return v1::LatencyStats{};
  d.set_samples(samples);
  d.set_min_ns(a.min_ns());
  d.set_max_ns(a.max_ns());
  rpc::setPercentiles(d);
  return d;
}

}  // namespace staccato::client
