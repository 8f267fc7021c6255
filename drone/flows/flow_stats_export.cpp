#include "drone/flows/flow_stats_export.h"

#include <cmath>

#include "rpc/stats/latency_buckets.h"

namespace staccato::drone {

namespace {

uint64_t read(const std::atomic<uint64_t>& a) { return a.load(std::memory_order_relaxed); }

void exportLatency(const LatencyHistogram& h, bool buckets, v1::LatencyStats& l) {
  l.set_samples(h.count());
  if (h.count() == 0) return;
  l.set_min_ns(h.min());
  l.set_avg_ns(h.mean());
  l.set_max_ns(h.max());
  l.set_sub_bucket_bits(LatencyHistogram::kSubBits);
  h.forEachBucket([&](size_t b, uint64_t n) {
    l.add_bucket_index(uint32_t(b));
    l.add_bucket_count(n);
  });
  rpc::setPercentiles(l);
  if (!buckets) {
    l.clear_bucket_index();
    l.clear_bucket_count();
    l.clear_sub_bucket_bits();
  }
}

void exportPhase(const PhaseCounters& c, FlowPhase phase, bool buckets, v1::FlowPhaseStats& p) {
  p.set_phase(flowPhaseName(phase));
  p.set_attempted(read(c.attempted));
  p.set_established(read(c.established));
  p.set_completed(read(c.completed));
  p.set_failed_refused(read(c.failed[size_t(FlowFailure::kRefused)]));
  p.set_failed_reset(read(c.failed[size_t(FlowFailure::kReset)]));
  p.set_failed_timeout(read(c.failed[size_t(FlowFailure::kTimeout)]));
  p.set_failed_invalid(read(c.failed[size_t(FlowFailure::kInvalid)]));
  p.set_failed_tester(read(c.failed[size_t(FlowFailure::kLocal)]));
  p.set_retransmissions(read(c.retransmissions));
  p.set_transactions(read(c.transactions));
  p.set_bytes_sent(read(c.bytesSent));
  p.set_bytes_received(read(c.bytesReceived));
  p.set_tls_handshakes(read(c.tlsHandshakes));
  p.set_tls_resumed(read(c.tlsResumed));
  exportLatency(c.connectTime, buckets, *p.mutable_connect_time());
  exportLatency(c.firstByteTime, buckets, *p.mutable_first_byte_time());
  exportLatency(c.lastByteTime, buckets, *p.mutable_last_byte_time());
}

}  // namespace

void exportFlowStats(const FlowSideStats& stats, const FlowPlan& plan, bool latencyBuckets, v1::PortFlows& out) {
  out.set_elapsed_ns(read(stats.elapsedNs));
  out.set_duration_ns(uint64_t(std::llround(plan.load.duration() * 1e9)));
  out.set_starts_due(read(stats.startsDue));
  out.set_most_behind(read(stats.mostBehind));
  out.set_descriptor_limited(read(stats.descriptorLimited));
  for (size_t t = 0; t < stats.size(); ++t) {
    v1::FlowTemplateStats& s = *out.add_templates();
    s.set_name(plan.templates[t].name);
    s.set_open(read(stats.of(t).open));
    s.set_cut_at_end(read(stats.of(t).cutAtEnd));
    for (FlowPhase phase : {FlowPhase::kRampUp, FlowPhase::kSteady, FlowPhase::kRampDown})
      exportPhase(stats.of(t).phase(phase), phase, latencyBuckets, *s.add_phases());
  }
}

}  // namespace staccato::drone
