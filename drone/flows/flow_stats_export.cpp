#include "drone/flows/flow_stats_export.h"

#include <algorithm>
#include <cmath>

#include "rpc/stats/latency_buckets.h"

namespace staccato::drone {

namespace {

uint64_t read(const std::atomic<uint64_t>& a) { return a.load(std::memory_order_relaxed); }

/// Always with its buckets: loops' histograms merge through them (dropped at the end if unasked).
void exportLatency(const LatencyHistogram& h, v1::LatencyStats& l) {
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
}

void exportPhase(const PhaseCounters& c, FlowPhase phase, v1::FlowPhaseStats& p) {
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
  exportLatency(c.connectTime, *p.mutable_connect_time());
  exportLatency(c.firstByteTime, *p.mutable_first_byte_time());
  exportLatency(c.lastByteTime, *p.mutable_last_byte_time());
}

void addLatency(v1::LatencyStats& into, const v1::LatencyStats& from) {
  if (from.samples() > 0) (void)rpc::mergeLatency(into, from);  // one layout, made just above
}

/// Adds a loop's phase to the side's: every count (all of a phase's uint64 fields, so a count
/// added later is not forgotten) and the histograms.
void addPhase(v1::FlowPhaseStats& into, const v1::FlowPhaseStats& from) {
  const google::protobuf::Reflection* r = into.GetReflection();
  const google::protobuf::Descriptor* d = into.GetDescriptor();
  for (int i = 0; i < d->field_count(); ++i) {
    const google::protobuf::FieldDescriptor* f = d->field(i);
    if (f->cpp_type() == google::protobuf::FieldDescriptor::CPPTYPE_UINT64)
      r->SetUInt64(&into, f, r->GetUInt64(into, f) + r->GetUInt64(from, f));
  }
  addLatency(*into.mutable_connect_time(), from.connect_time());
  addLatency(*into.mutable_first_byte_time(), from.first_byte_time());
  addLatency(*into.mutable_last_byte_time(), from.last_byte_time());
}

void exportLoop(const FlowSideStats& stats, const FlowPlan& plan, v1::PortFlows& out) {
  out.set_elapsed_ns(read(stats.elapsedNs));
  out.set_starts_due(read(stats.startsDue));
  out.set_most_behind(read(stats.mostBehind));
  out.set_descriptor_limited(read(stats.descriptorLimited));
  for (size_t t = 0; t < stats.size(); ++t) {
    v1::FlowTemplateStats& s = *out.add_templates();
    s.set_name(plan.templates[t].name);
    s.set_open(read(stats.of(t).open));
    s.set_cut_at_end(read(stats.of(t).cutAtEnd));
    for (FlowPhase phase : {FlowPhase::kRampUp, FlowPhase::kSteady, FlowPhase::kRampDown})
      exportPhase(stats.of(t).phase(phase), phase, *s.add_phases());
  }
}

}  // namespace

void exportFlowStats(const std::vector<const FlowSideStats*>& loops, const FlowPlan& plan, bool latencyBuckets,
                     v1::PortFlows& out) {
  v1::PortFlows side;
  for (const FlowSideStats* stats : loops) {
    if (side.templates_size() == 0) {
      exportLoop(*stats, plan, side);
      continue;
    }
    v1::PortFlows loop;
    exportLoop(*stats, plan, loop);
    side.set_elapsed_ns(std::max(side.elapsed_ns(), loop.elapsed_ns()));
    side.set_starts_due(side.starts_due() + loop.starts_due());
    side.set_most_behind(side.most_behind() + loop.most_behind());  // each loop behind its own share
    side.set_descriptor_limited(side.descriptor_limited() + loop.descriptor_limited());
    for (int t = 0; t < side.templates_size(); ++t) {
      v1::FlowTemplateStats& s = *side.mutable_templates(t);
      s.set_open(s.open() + loop.templates(t).open());
      s.set_cut_at_end(s.cut_at_end() + loop.templates(t).cut_at_end());
      for (int p = 0; p < s.phases_size(); ++p) addPhase(*s.mutable_phases(p), loop.templates(t).phases(p));
    }
  }
  side.set_duration_ns(uint64_t(std::llround(plan.load.duration() * 1e9)));
  if (!latencyBuckets) dropFlowBuckets(side);
  out.MergeFrom(side);
}

void dropFlowBuckets(v1::PortFlows& flows) {
  for (v1::FlowTemplateStats& t : *flows.mutable_templates())
    for (v1::FlowPhaseStats& p : *t.mutable_phases()) {
      rpc::dropBuckets(*p.mutable_connect_time());
      rpc::dropBuckets(*p.mutable_first_byte_time());
      rpc::dropBuckets(*p.mutable_last_byte_time());
    }
}

}  // namespace staccato::drone
