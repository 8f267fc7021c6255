#include "client/core/flows/flow_totals.h"

#include "rpc/stats/latency_buckets.h"

namespace staccato::client {

namespace {

/// Every count, for what is done to each alike.
constexpr uint64_t FlowTotals::*kCounts[] = {
    &FlowTotals::attempted,       &FlowTotals::established,  &FlowTotals::completed,     &FlowTotals::refused,
    &FlowTotals::reset,           &FlowTotals::timedOut,     &FlowTotals::invalid,       &FlowTotals::tester,
    &FlowTotals::retransmissions, &FlowTotals::transactions, &FlowTotals::bytesSent,     &FlowTotals::bytesReceived,
    &FlowTotals::tlsHandshakes,   &FlowTotals::tlsResumed};

}  // namespace

void FlowTotals::add(const v1::FlowPhaseStats& p) {
  attempted += p.attempted();
  established += p.established();
  completed += p.completed();
  refused += p.failed_refused();
  reset += p.failed_reset();
  timedOut += p.failed_timeout();
  invalid += p.failed_invalid();
  tester += p.failed_tester();
  retransmissions += p.retransmissions();
  transactions += p.transactions();
  bytesSent += p.bytes_sent();
  bytesReceived += p.bytes_received();
  tlsHandshakes += p.tls_handshakes();
  tlsResumed += p.tls_resumed();
}

FlowTotals FlowTotals::minus(const FlowTotals& e) const {
  FlowTotals d;
  for (uint64_t FlowTotals::*count : kCounts) d.*count = this->*count - e.*count;
  return d;
}

FlowTotals flowTotals(const v1::PortFlows& p, std::string_view phase, int onlyTemplate) {
  FlowTotals t;
  for (int i = 0; i < p.templates_size(); ++i) {
    if (onlyTemplate >= 0 && i != onlyTemplate) continue;
    for (const v1::FlowPhaseStats& s : p.templates(i).phases())
      if (phase.empty() || s.phase() == phase) t.add(s);
  }
  return t;
}

uint64_t openConnections(const v1::PortFlows& p) {
  uint64_t n = 0;
  for (const v1::FlowTemplateStats& t : p.templates()) n += t.open();
  return n;
}

uint64_t cutAtEnd(const v1::PortFlows& p) {
  uint64_t n = 0;
  for (const v1::FlowTemplateStats& t : p.templates()) n += t.cut_at_end();
  return n;
}

v1::LatencyStats mergedFlowLatency(const v1::PortFlows& p, FlowLatency which, std::string_view phase, int onlyTemplate) {
  v1::LatencyStats merged;
  for (int i = 0; i < p.templates_size(); ++i) {
    if (onlyTemplate >= 0 && i != onlyTemplate) continue;
    for (const v1::FlowPhaseStats& s : p.templates(i).phases()) {
      if (!phase.empty() && s.phase() != phase) continue;
      const v1::LatencyStats& l = which == FlowLatency::kConnect     ? s.connect_time()
                                  : which == FlowLatency::kFirstByte ? s.first_byte_time()
                                                                     : s.last_byte_time();
      if (l.samples() > 0) (void)rpc::mergeLatency(merged, l);  // buckets of one layout, from the drone
    }
  }
  return merged;
}

double perSecond(uint64_t count, double seconds) { return seconds > 0 ? double(count) / seconds : 0; }

}  // namespace staccato::client
