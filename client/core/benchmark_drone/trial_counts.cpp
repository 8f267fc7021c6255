#include "client/core/benchmark_drone/trial_counts.h"

#include <algorithm>

namespace staccato::bench {
void addNote(std::string& notes, const std::string& text) {
  if (notes.find(text) == std::string::npos) notes += (notes.empty() ? "" : "; ") + text;
}

const v1::StreamStats* findRow(const DroneSnapshots& snaps, const Endpoint& at, uint32_t id, bool receiving) {
  const auto s = snaps.find(at.drone);
  if (s == snaps.end()) return nullptr;
  for (const v1::StreamStats& row : s->second.streams())
    if (row.stream_id() == id && (receiving ? row.rx_port() : row.tx_port()) == at.port) return &row;
  return nullptr;
}

const v1::PortStats* findPort(const DroneSnapshots& snaps, const Endpoint& at) {
  const auto s = snaps.find(at.drone);
  if (s == snaps.end()) return nullptr;
  for (const v1::PortStats& p : s->second.ports())
    if (p.port() == at.port) return &p;
  return nullptr;
}

LatencyHistogram histogramOf(const v1::LatencyStats& l) {
  LatencyHistogram h;
  h.subBucketBits = l.sub_bucket_bits();
  h.index.assign(l.bucket_index().begin(), l.bucket_index().end());
  h.count.assign(l.bucket_count().begin(), l.bucket_count().end());
  h.samples = l.samples();
  h.minNs = l.min_ns();
  h.maxNs = l.max_ns();
  h.avgNs = double(l.avg_ns());
  h.jitterNs = l.jitter_ns();
  return h;
}

Status countTrial(const std::vector<Flow>& flows, const DroneSnapshots& snaps, const TrialRequest& request,
                  TrialResult& r) {
  uint64_t first = 0, last = 0;
  for (const Flow& f : flows) {
    const std::string name = f.tx.port + " -> " + f.rx.port;
    const v1::StreamStats* tx = findRow(snaps, f.tx, f.streamId, false);
    const v1::StreamStats* rx = findRow(snaps, f.rx, f.streamId, true);
    if (!tx) addNote(r.note, name + " sent nothing");
    if (tx) {
      r.txFrames += tx->tx_packets();
      r.senderLateNs = std::max(r.senderLateNs, tx->tx_max_late_ns());
      r.senderBlockedNs = std::max(r.senderBlockedNs, tx->tx_blocked_ns());
      r.senderSkippedNs = std::max(r.senderSkippedNs, tx->tx_skipped_ns());
      if (tx->first_tx_ns() && (!first || tx->first_tx_ns() < first)) first = tx->first_tx_ns();
      last = std::max(last, tx->last_tx_ns());
    }
    if (rx) {
      r.rxFrames += rx->rx_packets();
      r.reordered += rx->reordered();
      r.duplicated += rx->duplicates();
      if (rx->incomplete() || rx->rx_missed()) r.receiverMissed = true;
      if (request.latency && rx->has_latency() && rx->latency().samples()) {
        const LatencyHistogram h = histogramOf(rx->latency());
        if (r.latency.empty()) {
          r.latency = h;
        } else if (auto s = r.latency.merge(h); !s) {
          return s.error().withPrefix("latency of " + name);
        }
      }
    }
    if (const v1::PortStats* p = findPort(snaps, f.rx); p && p->drone_rx_dropped()) r.receiverMissed = true;
    if (const v1::PortStats* p = findPort(snaps, f.tx); p && !p->error().empty()) {
      r.testerLimited = true;
      addNote(r.note, f.tx.port + ": " + p->error());
    }
  }
  r.startNs = int64_t(first);
  r.endNs = int64_t(last);
  r.durationSeconds = last > first ? double(last - first) / 1e9 : 0;
  // Transmit times are taken per batch: a burst that fits in a few batches looks shorter than it
  // was sent. Never count it shorter than its frames at the asked rate (a stretched one stays).
  if (request.kind == TrialKind::kBurst && request.pps > 0 && request.burstFrames > 1)
    r.durationSeconds = std::max(r.durationSeconds, double(request.burstFrames - 1) / request.pps);
  return Ok{};
}

}  // namespace staccato::bench
