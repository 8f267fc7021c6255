#include "drone/core/stats_rows.h"

#include "common/stream/rate.h"
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

v1::Port portRow(const PortEntry& p, const PortTx& tx, const PortRx& rx, const BackendChoice& expected,
                 bool transmitting, const std::string& hostsError) {
  v1::Port m;
  m.set_name(p.info.name);
  m.set_mac(p.info.mac);
  m.set_mtu(p.info.mtu);
  m.set_link_up(p.info.linkUp);
  m.set_speed_mbps(p.info.speedMbps);
  m.set_tx_queues(p.info.txQueues);
  m.set_rx_queues(p.info.rxQueues);
  m.set_driver(p.info.driver);
  m.set_xdp_capable(p.info.xdpCapable);
  if (tx.backend.empty()) {
    m.set_backend(expected.name);
    m.set_backend_reason(expected.reason);
  } else {
    m.set_backend(tx.backend);
    m.set_backend_reason(tx.reason);
    m.set_active_queues(static_cast<uint32_t>(tx.session ? tx.session->queues() : 0));
  }
  m.set_rx_backend(rx.engine);
  m.set_rx_backend_reason(rx.reason);
  m.set_reserved_by(p.reservedBy);
  m.set_transmitting(transmitting);
  m.set_error(!tx.error.empty() ? tx.error : !rx.error.empty() ? rx.error : hostsError);
  m.set_line_rate_bps(lineRateOf(p));
  *m.mutable_config() = p.config;
  return m;
}

namespace {

/// The packets per second `plan` is asked to send now (its live changes applied); 0 when it has
/// no rate to keep (as fast as possible, a timed replay).
double askedPps(const TxPlan& plan, const RateControl* rates, double lineRateBps) {
  if (plan.replay.timed) return 0;
  const RatePlan rate = rates ? RateControl::rateOf(plan, rates->get()) : plan.rate;
  if (rate.unit == v1::Rate::FASTEST) return 0;
  return packetsPerSecond(rate, plan.averageFrameBytes, lineRateBps);
}

}  // namespace

void addTransmitRows(v1::StatsSnapshot& snap, const PortEntry& p, const PortTx& tx, bool transmitting,
                     const LinkCounters* kernel) {
  v1::PortStats* ps = snap.add_ports();
  ps->set_port(p.info.name);
  if (kernel) setKernelCounters(*ps, *kernel, p.kernelBaseline);
  ps->set_transmitting(transmitting);
  if (transmitting && (!tx.run.name().empty() || tx.run.trial())) *ps->mutable_run() = tx.run;
  ps->set_error(tx.error);
  uint64_t packets = 0, bytes = 0;
  for (size_t i = 0; tx.session && i < tx.streams.size(); ++i) {
    v1::StreamStats* s = snap.add_streams();
    s->set_tx_port(p.info.name);
    s->set_stream_id(tx.streams[i].id);
    s->set_untracked(!tx.streams[i].tracked);
    s->set_tx_packets(tx.session->packets(i));
    s->set_tx_bytes(tx.session->bytes(i));
    s->set_first_tx_ns(tx.session->firstNs(i));
    s->set_last_tx_ns(tx.session->lastNs(i));
    s->set_tx_max_late_ns(tx.session->maxLateNs(i));
    s->set_tx_late_ns(tx.session->lateNs(i));
    s->set_tx_blocked_ns(tx.session->blockedNs(i));
    s->set_tx_skipped_ns(tx.session->skippedNs(i));
    if (tx.plans && i < tx.plans->size()) s->set_tx_rate_pps(askedPps((*tx.plans)[i], tx.rates.get(), lineRateOf(p)));
    packets += s->tx_packets();
    bytes += s->tx_bytes();
  }
  ps->set_drone_tx_packets(packets);
  ps->set_drone_tx_bytes(bytes);
}

v1::StreamStats receiveRow(const std::string& port, uint16_t id, const StreamRxCounts& rx, uint64_t portMissed,
                           bool withBuckets) {
  v1::StreamStats s;
  s.set_rx_port(port);
  s.set_stream_id(id);
  s.set_rx_packets(rx.packets);
  s.set_rx_bytes(rx.bytes);
  s.set_rx_missed(portMissed);
  s.set_incomplete(s.rx_missed() > 0);
  s.set_lost(rpc::provenLoss(rx.lost, s.rx_missed()));
  s.set_duplicates(rx.duplicates);
  s.set_reordered(rx.reordered);
  s.set_first_rx_ns(rx.firstNs);
  s.set_last_rx_ns(rx.lastNs);
  v1::LatencyStats* l = s.mutable_latency();
  l->set_samples(rx.latencySamples);
  l->set_min_ns(rx.latencyMinNs);
  l->set_avg_ns(rx.latencyMeanNs);
  l->set_max_ns(rx.latencyMaxNs);
  l->set_sub_bucket_bits(LatencyHistogram::kSubBits);
  for (const auto& [b, n] : rx.buckets) {
    l->add_bucket_index(b);
    l->add_bucket_count(n);
  }
  rpc::setPercentiles(*l);  // from the buckets as sent: a client computes the same from them
  if (!withBuckets) rpc::dropBuckets(*l);
  l->set_jitter_ns(double(rx.jitterNs));
  return s;
}

}  // namespace staccato::drone
