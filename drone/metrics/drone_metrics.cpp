#include "drone/metrics/drone_metrics.h"

#include <algorithm>
#include <string_view>
#include <tuple>

#include "drone/metrics/metrics_text.h"
#include "rpc/stats/latency_buckets.h"

namespace staccato::drone::metrics {
namespace {

constexpr double kNsPerSecond = 1e9;

void droneFamilies(MetricsText& m, const MetricsInput& in, size_t omitted) {
  const DroneHealth& h = in.health;
  m.family("staccato_drone_info", "gauge", "The drone answers (1), with its version.");
  m.sample("staccato_drone_info", {{"version", h.version}}, uint64_t{1});
  m.family("staccato_drone_clock_synchronized", "gauge", "1 when the kernel says the clock is synchronised (adjtimex).");
  m.sample("staccato_drone_clock_synchronized", {}, uint64_t{h.clock.synchronized() ? 1u : 0u});
  m.family("staccato_drone_clock_error_seconds", "gauge", "The kernel's estimate of the clock's error.");
  m.sample("staccato_drone_clock_error_seconds", {}, double(h.clock.estimated_error_ns()) / kNsPerSecond);
  m.family("staccato_drone_connections", "gauge", "Client connections open at the drone's front door.");
  m.sample("staccato_drone_connections", {}, uint64_t(std::max(h.connections, 0)));
  const auto reserved = std::count_if(in.ports.begin(), in.ports.end(), [](const v1::Port& p) { return !p.reserved_by().empty(); });
  m.family("staccato_drone_reserved_ports", "gauge", "Ports reserved by a client.");
  m.sample("staccato_drone_reserved_ports", {}, uint64_t(reserved));
  m.family("staccato_drone_leases", "gauge", "Runs holding a lease (their ports stop when their client goes).");
  m.sample("staccato_drone_leases", {}, uint64_t(h.leases));
  m.family("staccato_drone_capture_memory_bytes", "gauge", "Memory the captures hold.");
  m.sample("staccato_drone_capture_memory_bytes", {}, h.captureMemoryBytes);
  m.family("staccato_drone_capture_memory_limit_bytes", "gauge", "Memory the captures may hold at most.");
  m.sample("staccato_drone_capture_memory_limit_bytes", {}, h.captureMemoryLimitBytes);
  m.family("staccato_drone_metrics_streams_omitted", "gauge", "Streams beyond the exposition's cap, left out.");
  m.sample("staccato_drone_metrics_streams_omitted", {}, uint64_t(omitted));
}

void portFamilies(MetricsText& m, const MetricsInput& in) {
  m.family("staccato_port_info", "gauge", "A port of the drone (1), with its driver and engines.");
  for (const v1::Port& p : in.ports)
    m.sample("staccato_port_info", {{"port", p.name()}, {"driver", p.driver()}, {"backend", p.backend()}, {"rx_engine", p.rx_backend()}},
             uint64_t{1});
  m.family("staccato_port_queues", "gauge", "The port's transmit queues.");
  for (const v1::Port& p : in.ports) m.sample("staccato_port_queues", {{"port", p.name()}}, uint64_t(p.tx_queues()));
  m.family("staccato_port_transmitting", "gauge", "1 while the port sends.");
  for (const v1::Port& p : in.ports) m.sample("staccato_port_transmitting", {{"port", p.name()}}, uint64_t{p.transmitting() ? 1u : 0u});
  struct Counter {
    std::string_view name, help;
    uint64_t (v1::PortStats::*get)() const;
  };
  static constexpr Counter kCounters[] = {
      {"staccato_port_tx_packets_total", "Frames the interface sent (kernel counter, since the last clear).", &v1::PortStats::tx_packets},
      {"staccato_port_tx_bytes_total", "Bytes the interface sent (kernel counter).", &v1::PortStats::tx_bytes},
      {"staccato_port_rx_packets_total", "Frames the interface received (kernel counter).", &v1::PortStats::rx_packets},
      {"staccato_port_rx_bytes_total", "Bytes the interface received (kernel counter).", &v1::PortStats::rx_bytes},
      {"staccato_port_tx_dropped_total", "Frames the interface dropped sending (kernel counter).", &v1::PortStats::tx_dropped},
      {"staccato_port_rx_dropped_total", "Frames the interface dropped receiving (kernel counter).", &v1::PortStats::rx_dropped},
      {"staccato_port_tx_errors_total", "Transmit errors (kernel counter).", &v1::PortStats::tx_errors},
      {"staccato_port_rx_errors_total", "Receive errors (kernel counter).", &v1::PortStats::rx_errors},
      {"staccato_port_drone_tx_packets_total", "Frames the drone's engines sent on the port.", &v1::PortStats::drone_tx_packets},
      {"staccato_port_drone_tx_bytes_total", "Bytes the drone's engines sent on the port.", &v1::PortStats::drone_tx_bytes},
  };
  for (const Counter& c : kCounters) {
    m.family(c.name, "counter", c.help);
    for (const v1::PortStats& p : in.stats.ports()) m.sample(c.name, {{"port", p.port()}}, (p.*c.get)());
  }
  // What a sending port's run is (StartTxRequest.run: a benchmark's trial): a series per sending
  // port at most, its name checked by the drone (short, printable).
  m.family("staccato_port_run_trial", "gauge", "The trial the port's run sends now (0: not a trial), with the run's name.");
  for (const v1::PortStats& p : in.stats.ports())
    if (p.has_run()) m.sample("staccato_port_run_trial", {{"port", p.port()}, {"run", p.run().name()}}, uint64_t{p.run().trial()});
  m.family("staccato_port_run_load_ratio", "gauge", "The load the port's run asks for, a fraction of the line rate.");
  for (const v1::PortStats& p : in.stats.ports())
    if (p.has_run()) m.sample("staccato_port_run_load_ratio", {{"port", p.port()}, {"run", p.run().name()}}, p.run().load());
}

/// The latency histogram of one received stream: cumulative counts at 2^k ns from the drone's
/// buckets (each bound is a bucket boundary), +Inf, the count and the sum.
void latencyHistogram(MetricsText& m, const v1::StreamStats& s, const std::string& stream) {
  constexpr std::string_view kName = "staccato_stream_latency_seconds";
  const std::vector<rpc::LatencyBucket> buckets = rpc::latencyBuckets(s.latency());
  const auto labels = {Label{"port", s.tx_port()}, Label{"stream", stream}, Label{"rx_port", s.rx_port()}};
  uint64_t cumulative = 0;
  size_t b = 0;
  for (unsigned e = kFirstBoundPower; e <= kLastBoundPower; ++e) {
    const uint64_t bound = uint64_t{1} << e;  // samples below it: buckets that end before it
    while (b < buckets.size() && buckets[b].highNs < bound) cumulative += buckets[b++].count;
    m.bucket(std::string(kName) + "_bucket", labels, double(bound) / kNsPerSecond, cumulative);
  }
  for (; b < buckets.size(); ++b) cumulative += buckets[b].count;
  m.bucket(std::string(kName) + "_bucket", labels, -1, cumulative);
  m.sample(std::string(kName) + "_sum", labels, double(s.latency().avg_ns()) * double(cumulative) / kNsPerSecond);
  m.sample(std::string(kName) + "_count", labels, cumulative);
}

void streamFamilies(MetricsText& m, const std::vector<const v1::StreamStats*>& rows) {
  std::vector<std::string> ids;
  ids.reserve(rows.size());
  for (const auto* s : rows) ids.push_back(std::to_string(s->stream_id()));
  // A stream received on two ports has two rows: its transmit series once.
  const auto firstOfSender = [&](size_t i) {
    return !rows[i]->tx_port().empty() &&
           (i == 0 || rows[i - 1]->tx_port() != rows[i]->tx_port() || rows[i - 1]->stream_id() != rows[i]->stream_id());
  };
  struct TxCounter {
    std::string_view name, help;
    uint64_t (v1::StreamStats::*get)() const;
  };
  static constexpr TxCounter kTxCounters[] = {
      {"staccato_stream_tx_packets_total", "Frames of the stream sent.", &v1::StreamStats::tx_packets},
      {"staccato_stream_tx_bytes_total", "Bytes of the stream sent.", &v1::StreamStats::tx_bytes},
  };
  for (const TxCounter& c : kTxCounters) {
    m.family(c.name, "counter", c.help);
    for (size_t i = 0; i < rows.size(); ++i)
      if (firstOfSender(i)) m.sample(c.name, {{"port", rows[i]->tx_port()}, {"stream", ids[i]}}, (rows[i]->*c.get)());
  }
  m.family("staccato_stream_late_seconds", "gauge", "How far behind its schedule the stream's sender is now.");
  for (size_t i = 0; i < rows.size(); ++i)
    if (firstOfSender(i))
      m.sample("staccato_stream_late_seconds", {{"port", rows[i]->tx_port()}, {"stream", ids[i]}},
               double(rows[i]->tx_late_ns()) / kNsPerSecond);
  m.family("staccato_stream_rate_pps", "gauge", "The rate asked for (0: as fast as it goes).");
  for (size_t i = 0; i < rows.size(); ++i)
    if (firstOfSender(i)) m.sample("staccato_stream_rate_pps", {{"port", rows[i]->tx_port()}, {"stream", ids[i]}}, rows[i]->tx_rate_pps());
  struct RxCounter {
    std::string_view name, help;
    uint64_t (v1::StreamStats::*get)() const;
  };
  static constexpr RxCounter kRx[] = {
      {"staccato_stream_rx_packets_total", "Frames of the stream received on rx_port.", &v1::StreamStats::rx_packets},
      {"staccato_stream_rx_bytes_total", "Bytes of the stream received on rx_port.", &v1::StreamStats::rx_bytes},
      {"staccato_stream_lost_total", "Frames proven lost by sequence numbers.", &v1::StreamStats::lost},
      {"staccato_stream_duplicates_total", "Frames received more than once.", &v1::StreamStats::duplicates},
      {"staccato_stream_reordered_total", "Frames that arrived after a later one.", &v1::StreamStats::reordered},
      {"staccato_stream_rx_missed_total", "Frames the receiver could not examine (not loss).", &v1::StreamStats::rx_missed},
  };
  for (const RxCounter& c : kRx) {
    m.family(c.name, "counter", c.help);
    for (size_t i = 0; i < rows.size(); ++i)
      if (!rows[i]->rx_port().empty())
        m.sample(c.name, {{"port", rows[i]->tx_port()}, {"stream", ids[i]}, {"rx_port", rows[i]->rx_port()}}, (rows[i]->*c.get)());
  }
  m.family("staccato_stream_jitter_seconds", "gauge", "RFC 3550 interarrival jitter.");
  for (size_t i = 0; i < rows.size(); ++i)
    if (!rows[i]->rx_port().empty())
      m.sample("staccato_stream_jitter_seconds", {{"port", rows[i]->tx_port()}, {"stream", ids[i]}, {"rx_port", rows[i]->rx_port()}},
               rows[i]->latency().jitter_ns() / kNsPerSecond);
  m.family("staccato_stream_latency_seconds", "histogram", "One-way latency of the stream's frames.");
  for (size_t i = 0; i < rows.size(); ++i)
    if (!rows[i]->rx_port().empty()) latencyHistogram(m, *rows[i], ids[i]);
}

}  // namespace

std::string renderMetrics(const MetricsInput& in) {
  std::vector<const v1::StreamStats*> rows;
  rows.reserve(size_t(in.stats.streams_size()));
  for (const auto& s : in.stats.streams()) rows.push_back(&s);
  std::sort(rows.begin(), rows.end(), [](const v1::StreamStats* a, const v1::StreamStats* b) {
    return std::forward_as_tuple(a->tx_port(), a->stream_id(), a->rx_port()) <
           std::forward_as_tuple(b->tx_port(), b->stream_id(), b->rx_port());
  });
  const size_t omitted = rows.size() > in.maxStreams ? rows.size() - in.maxStreams : 0;
  rows.resize(rows.size() - omitted);
  MetricsText m;
  droneFamilies(m, in, omitted);
  portFamilies(m, in);
  streamFamilies(m, rows);
  return m.take();
}

}  // namespace staccato::drone::metrics
