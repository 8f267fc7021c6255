#include "client/cli/run_verdict.h"

#include <algorithm>

#include "common/stream/rate.h"
#include "rpc/stats/stream_pairing.h"

namespace staccato::cli {
namespace {

bool tracked(const v1::Stream& s) {
  return std::any_of(s.layers().begin(), s.layers().end(), [](const v1::Layer& l) { return l.protocol() == "signature"; });
}

/// The stream's counters: packets its drone sent, and the row of the port that received it
/// (on the same drone the drone's row carries both; across drones the receiver's row has rx).
struct Rows {
  uint64_t sent = 0;
  const v1::StreamStats* rx = nullptr;
  uint64_t rxMissed = 0;    ///< signature frames the receiving port's engine never examined
  bool perStream = false;   ///< the drone said so per stream (and its `lost` is proven loss only)
};

Rows findRows(const RunOutcome& o, const PortRun& port, uint32_t id) {
  Rows rows;
  const v1::StatsSnapshot* rxSnap = nullptr;
  for (const auto& [drone, snap] : o.snapshots)
    for (const auto& r : snap.streams()) {
      if (r.stream_id() != id || r.tx_port() != port.port) continue;
      if (drone == port.drone) rows.sent = std::max(rows.sent, r.tx_packets());
      if (!r.rx_port().empty() && (!rows.rx || drone == port.drone)) rows.rx = &r, rxSnap = &snap;
    }
  if (rows.rx && rows.rx->incomplete()) {
    rows.rxMissed = rows.rx->rx_missed();
    rows.perStream = true;
  } else if (rows.rx) {  // a drone that says it per port only: what the port missed since the clear
    for (const auto& p : rxSnap->ports())
      if (p.port() == rows.rx->rx_port()) rows.rxMissed = p.drone_rx_dropped();
  }
  return rows;
}

std::string describe(const Rows& rows) {
  std::string d;
  d += "tx_packets=" + std::to_string(rows.sent);
  if (rows.rx) {
    const auto& r = *rows.rx;
    d += " rx_packets=" + std::to_string(r.rx_packets()) + " lost=" + std::to_string(r.lost()) +
         " duplicates=" + std::to_string(r.duplicates()) + " reordered=" + std::to_string(r.reordered()) +
         " latency_avg_ns=" + std::to_string(r.latency().avg_ns()) + " latency_p99_ns=" + std::to_string(r.latency().p99_ns()) +
         " latency_max_ns=" + std::to_string(r.latency().max_ns());
    if (rows.rxMissed) d += std::string(rows.perStream ? " rx_missed=" : " rx_missed_on_port=") + std::to_string(rows.rxMissed);
  }
  return d;
}

}  // namespace

uint64_t expectedPackets(const std::vector<v1::Stream>& list, const v1::Stream& stream) {
  for (const auto& s : list) {
    const auto after = s.control().after();
    if (after == v1::Control::GOTO_FIRST || after == v1::Control::GOTO_STREAM) return 0;
  }
  if (!streamEnabled(stream)) return 0;
  return packetsPerRun(stream).value_or(0);
}

std::vector<Verdict> judge(const RunOutcome& o) {
  std::vector<Verdict> out;
  for (const PortRun& port : o.ports) {
    if (port.streams.empty()) continue;  // a receive-only port: its counts show in the streams' verdicts
    const std::string suite = port.drone + " " + port.port;
    std::string error;
    for (const auto& [drone, snap] : o.snapshots)
      for (const auto& p : snap.ports())
        if (drone == port.drone && p.port() == port.port) error = p.error();
    out.push_back({suite, kTransmitVerdict, error, ""});
    // A STOP after-action ends the list there: later streams legitimately send nothing.
    bool stopped = false;
    for (const v1::Stream& s : port.streams) {
      Verdict v{suite, "stream '" + s.name() + "' (id " + std::to_string(s.id()) + ")", "", ""};
      const Rows rows = findRows(o, port, s.id());
      v.details = describe(rows);
      const uint64_t expected = stopped ? 0 : expectedPackets(port.streams, s);
      const uint64_t sent = rows.sent;
      if (expected && !o.stoppedEarly && sent != expected)
        v.failure = "sent " + std::to_string(sent) + " of " + std::to_string(expected) + " packets";
      else if (tracked(s) && sent > 0 && !rows.rx)
        v.failure = "no packet of this stream was received on any port tracking receive";
      else if (rows.rx && rows.perStream && rows.rx->lost() > 0)
        // Proven beyond what the receiver missed: real loss, whatever else it missed.
        v.failure = "lost " + std::to_string(rows.rx->lost()) + " of " + std::to_string(sent) +
                    " packets (beyond the " + std::to_string(rows.rxMissed) + " frames the receiver on " +
                    rows.rx->rx_port() + " did not examine)";
      else if (rows.rx && rows.rxMissed > 0 && (rows.rx->lost() > 0 || rows.rx->rx_packets() < sent))
        // Not loss: frames the drone's own receiver never examined look the same to the counters.
        v.failure = "receiver overloaded: " + std::to_string(rows.rxMissed) + " frames on " + rows.rx->rx_port() +
                    " were not examined, so the " + std::to_string(sent - std::min(sent, rows.rx->rx_packets())) +
                    " not counted cannot be called lost (receive with turbo, or send slower)";
      else if (rows.rx && rows.rx->lost() > 0)
        v.failure = "lost " + std::to_string(rows.rx->lost()) + " of " + std::to_string(sent) + " packets";
      else if (rows.rx && !o.stoppedEarly && rows.rx->rx_packets() < sent)
        v.failure = "received " + std::to_string(rows.rx->rx_packets()) + " of " + std::to_string(sent) + " packets";
      if (v.failure.empty() && !tracked(s))
        v.skipped = std::string("receive not checked: ") + rpc::kUntrackedNote +
                    " (add a signature layer for its rx, loss and latency)";
      out.push_back(std::move(v));
      if (s.control().after() == v1::Control::STOP && streamEnabled(s)) stopped = true;
    }
  }
  return out;
}

}  // namespace staccato::cli
