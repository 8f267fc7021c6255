#include "client/cli/flows_text.h"

#include "client/cli/safe_output.h"
#include "common/core/si_units.h"

namespace staccato::cli {

namespace {

using client::FlowLatency;
using client::FlowTotals;

std::string bits(double bytesPerSecond) { return formatSi(bytesPerSecond * 8, "bit/s", 1); }

std::string ms(uint64_t ns) { return formatText("%.3f ms", double(ns) / 1e6); }

std::string elapsedOf(const v1::PortFlows& p) {
  return p.running() ? formatText("%.1f s", double(p.elapsed_ns()) / 1e9) : std::string("ended");
}

void printLatency(std::ostream& out, const v1::PortFlows& p, const char* phase) {
  const std::pair<const char*, FlowLatency> kinds[] = {
      {"connect", FlowLatency::kConnect}, {"first byte", FlowLatency::kFirstByte}, {"last byte", FlowLatency::kLastByte}};
  for (const auto& [name, which] : kinds) {
    const v1::LatencyStats l = client::mergedFlowLatency(p, which, phase);
    if (l.samples() == 0) continue;
    out << formatText("  %-11s min %s  avg %s  p50 %s  p99 %s  max %s  (%llu samples)\n", name, ms(l.min_ns()).c_str(),
                      ms(l.avg_ns()).c_str(), ms(l.p50_ns()).c_str(), ms(l.p99_ns()).c_str(), ms(l.max_ns()).c_str(),
                      static_cast<unsigned long long>(l.samples()));
  }
}

}  // namespace

std::string flowProgressLine(const v1::PortFlows& now, const v1::PortFlows& before, double seconds) {
  const FlowTotals d = client::flowTotals(now).minus(client::flowTotals(before));
  const FlowTotals all = client::flowTotals(now);
  return formatText("%8s  conn/s %8.1f  open %7llu  established %9llu  failed %6llu  trans/s %8.1f  up %s  down %s",
                    elapsedOf(now).c_str(), client::perSecond(d.attempted, seconds),
                    static_cast<unsigned long long>(client::openConnections(now)),
                    static_cast<unsigned long long>(all.established), static_cast<unsigned long long>(all.failures() + all.tester),
                    client::perSecond(d.transactions, seconds), bits(client::perSecond(d.bytesSent, seconds)).c_str(),
                    bits(client::perSecond(d.bytesReceived, seconds)).c_str());
}

void printFlowResults(std::ostream& out, const v1::PortFlows* c, const v1::PortFlows* server, double steadySeconds) {
  out << formatText("\n%-16s %-9s %10s %11s %10s %8s %8s %9s %10s %12s %12s\n", "TEMPLATE", "PHASE", "ATTEMPTED", "ESTABLISHED",
                    "COMPLETED", "FAILED", "RETRANS", "CONN/S", "TRANS/S", "UP", "DOWN");
  auto row = [&](const std::string& name, const char* phase, const FlowTotals& t, double seconds) {
    out << formatText("%-16s %-9s %10llu %11llu %10llu %8llu %8llu %9s %10s %12s %12s\n", name.substr(0, 16).c_str(), phase,
                      static_cast<unsigned long long>(t.attempted), static_cast<unsigned long long>(t.established),
                      static_cast<unsigned long long>(t.completed), static_cast<unsigned long long>(t.failures()),
                      static_cast<unsigned long long>(t.retransmissions),
                      seconds > 0 ? formatText("%.1f", client::perSecond(t.attempted, seconds)).c_str() : "-",
                      seconds > 0 ? formatText("%.1f", client::perSecond(t.transactions, seconds)).c_str() : "-",
                      seconds > 0 ? bits(client::perSecond(t.bytesSent, seconds)).c_str() : "-",
                      seconds > 0 ? bits(client::perSecond(t.bytesReceived, seconds)).c_str() : "-");
  };
  // Without clients of ours, the servers' own numbers fill the table (ATTEMPTED: accepted).
  const v1::PortFlows& shown = c ? *c : *server;
  for (int i = 0; i < shown.templates_size(); ++i)
    row(shown.templates(i).name(), "steady", client::flowTotals(shown, "steady", i), steadySeconds);
  if (shown.templates_size() > 1) row("all", "steady", client::flowTotals(shown, "steady"), steadySeconds);
  row("all", "whole run", client::flowTotals(shown), double(shown.elapsed_ns()) / 1e9);
  if (const FlowTotals all = client::flowTotals(shown); all.tlsHandshakes > 0)
    out << formatText("\nTLS 1.3: %llu handshakes, %llu of them resumed\n", static_cast<unsigned long long>(all.tlsHandshakes),
                      static_cast<unsigned long long>(all.tlsResumed));
  if (!c) return;
  out << "\nlatency, steady phase:\n";
  printLatency(out, *c, "steady");
  if (!server) return;
  const FlowTotals s = client::flowTotals(*server);
  out << formatText("\nserver: %llu accepted, %llu transactions answered, %llu failed%s\n",
                    static_cast<unsigned long long>(s.attempted), static_cast<unsigned long long>(s.transactions),
                    static_cast<unsigned long long>(s.failures()),
                    s.failures() ? (" (" + client::flowFailureKinds(s) + ")").c_str() : "");
}

}  // namespace staccato::cli
