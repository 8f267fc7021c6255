#include "drone/core/stats_rows.h"

#include "rpc/stats/latency_buckets.h"
#include "rpc/stats/stream_pairing.h"

namespace staccato::drone {

void setKernelCounters(v1::PortStats& row, const LinkCounters& k, const LinkCounters& b) {
  auto since = [](uint64_t now, uint64_t base) { return now >= base ? now - base : now; };
  row.set_tx_packets(since(k.txPackets, b.txPackets));
  row.set_tx_bytes(since(k.txBytes, b.txBytes));
  row.set_rx_packets(since(k.rxPackets, b.rxPackets));
  row.set_rx_bytes(since(k.rxBytes, b.rxBytes));
  row.set_tx_dropped(since(k.txDropped, b.txDropped));
  row.set_rx_dropped(since(k.rxDropped, b.rxDropped));
  row.set_tx_errors(since(k.txErrors, b.txErrors));
  row.set_rx_errors(since(k.rxErrors, b.rxErrors));
}

v1::StreamStats receiveRow(const std::string& port, uint16_t id, const StreamRxStats& rx, uint64_t portMissed,
                           bool withBuckets) {
  v1::StreamStats s;
  s.set_rx_port(port);
  s.set_stream_id(id);
  s.set_rx_packets(rx.packets.load(std::memory_order_relaxed));
  s.set_rx_bytes(rx.bytes.load(std::memory_order_relaxed));
  s.set_rx_missed(portMissed);
  s.set_incomplete(s.rx_missed() > 0);
  s.set_lost(rpc::provenLoss(rx.sequence.lost(), s.rx_missed()));
  s.set_duplicates(rx.sequence.duplicates());
  s.set_reordered(rx.sequence.reordered());
  v1::LatencyStats* l = s.mutable_latency();
  l->set_samples(rx.latency.count());
  l->set_min_ns(rx.latency.min());
  l->set_avg_ns(rx.latency.mean());
  l->set_max_ns(rx.latency.max());
  l->set_sub_bucket_bits(LatencyHistogram::kSubBits);
  rx.latency.forEachBucket([l](size_t b, uint64_t n) {
    l->add_bucket_index(uint32_t(b));
    l->add_bucket_count(n);
  });
  rpc::setPercentiles(*l);  // from the buckets as sent: a client computes the same from them
  if (!withBuckets) {
    l->clear_bucket_index();
    l->clear_bucket_count();
    l->clear_sub_bucket_bits();
  }
  l->set_jitter_ns(double(rx.jitterNs.load(std::memory_order_relaxed)));
  return s;
}

}  // namespace staccato::drone
