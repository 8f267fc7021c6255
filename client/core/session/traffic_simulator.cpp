#include "client/core/session/traffic_simulator.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "common/stream/compiler.h"
#include "common/stream/rate.h"

namespace staccato::client {
namespace {

constexpr double kFastestPps = 1e6;
constexpr double kFcsBytes = 4;  // frame lengths count it, byte counters do not
constexpr double kDefaultLineRate = 10e9;

double ppsOf(const SimulatedStream& s, double lineRate) {
  if (s.rate.unit() == v1::Rate::FASTEST) return kFastestPps;
  return packetsPerSecond(s.rate, s.averageFrameBytes, lineRate);
}

/// What one step moved through a port, for its rates.
struct Flow {
  double packets = 0, frameBytes = 0;  ///< frameBytes with FCS
  void add(uint64_t n, double frameLength) {
    packets += double(n);
    frameBytes += double(n) * frameLength;
  }
};

}  // namespace

Result<std::vector<SimulatedStream>> TrafficSimulator::compile(const std::vector<v1::Stream>& streams) {
  const google::protobuf::RepeatedPtrField<v1::Stream> list(streams.begin(), streams.end());
  auto plans = compileAll(list);
  if (!plans) return plans.error();
  std::vector<SimulatedStream> out;
  for (const TxPlan& plan : *plans)
    out.push_back({plan.streamId, !plan.stream.has_enabled() || plan.stream.enabled(), plan.stream.rate(),
                   plan.averageFrameBytes});
  return out;
}

v1::StatsSnapshot TrafficSimulator::step(const std::vector<v1::Port>& ports,
                                         const std::map<std::string, std::vector<SimulatedStream>>& streams,
                                         double seconds) {
  std::map<std::string, Flow> txFlow, rxFlow;
  for (size_t i = 0; i < ports.size(); ++i) {
    const v1::Port& port = ports[i];
    auto it = streams.find(port.name());
    if (!port.transmitting() || it == streams.end()) continue;
    const std::string& peer = ports[(i + 1) % ports.size()].name();
    const double lineRate = port.line_rate_bps() > 0 ? port.line_rate_bps() : kDefaultLineRate;
    for (const SimulatedStream& plan : it->second) {
      if (!plan.enabled) continue;
      auto [row, added] = streams_.try_emplace({port.name(), plan.id});
      StreamCounters& s = row->second;
      if (added) s.baseLatencyNs = std::uniform_real_distribution<double>(20'000, 55'000)(random_);
      s.rxPort = peer;
      const double due = ppsOf(plan, lineRate) * seconds + s.carry;
      const uint64_t n = static_cast<uint64_t>(due);
      s.carry = due - double(n);
      const uint64_t bytes = static_cast<uint64_t>(std::llround(double(n) * (plan.averageFrameBytes - kFcsBytes)));
      for (Counters* c : {&s.counts, &ports_[port.name()]}) {
        c->txPackets += n;
        c->txBytes += bytes;
      }
      for (Counters* c : {&s.counts, &ports_[peer]}) {
        c->rxPackets += n;
        c->rxBytes += bytes;
      }
      txFlow[port.name()].add(n, plan.averageFrameBytes);
      rxFlow[peer].add(n, plan.averageFrameBytes);
    }
  }

  v1::StatsSnapshot snap;
  snap.set_timestamp_ns(static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count()));
  for (const v1::Port& port : ports) {
    const Counters& c = ports_[port.name()];
    const Flow& tx = txFlow[port.name()];
    const Flow& rx = rxFlow[port.name()];
    v1::PortStats* ps = snap.add_ports();
    ps->set_port(port.name());
    ps->set_tx_packets(c.txPackets);
    ps->set_tx_bytes(c.txBytes);
    ps->set_rx_packets(c.rxPackets);
    ps->set_rx_bytes(c.rxBytes);
    ps->set_drone_tx_packets(c.txPackets);
    ps->set_drone_tx_bytes(c.txBytes);
    ps->set_transmitting(port.transmitting());
    if (seconds > 0) {
      ps->set_tx_pps(tx.packets / seconds);
      ps->set_rx_pps(rx.packets / seconds);
      ps->set_tx_bps_l2(tx.frameBytes * 8 / seconds);
      ps->set_rx_bps_l2(rx.frameBytes * 8 / seconds);
      ps->set_tx_bps_l1((tx.frameBytes + tx.packets * kL1OverheadBytes) * 8 / seconds);
      ps->set_rx_bps_l1((rx.frameBytes + rx.packets * kL1OverheadBytes) * 8 / seconds);
    }
  }
  for (const auto& [key, s] : streams_) {
    v1::StreamStats* row = snap.add_streams();
    row->set_tx_port(key.first);
    row->set_rx_port(s.rxPort);
    row->set_stream_id(key.second);
    row->set_tx_packets(s.counts.txPackets);
    row->set_tx_bytes(s.counts.txBytes);
    row->set_rx_packets(s.counts.rxPackets);
    row->set_rx_bytes(s.counts.rxBytes);
    row->set_same_clock(true);
    if (s.counts.rxPackets > 0) addLatency(*row, s);
  }
  return snap;
}

void TrafficSimulator::addLatency(v1::StreamStats& row, const StreamCounters& s) {
  // A right-skewed distribution around the stream's base, wobbling a little from step to step.
  const double base = s.baseLatencyNs * std::uniform_real_distribution<double>(0.95, 1.05)(random_);
  auto ns = [&](double factor) { return static_cast<uint64_t>(base * factor); };
  v1::LatencyStats* l = row.mutable_latency();
  l->set_samples(s.counts.rxPackets);
  l->set_min_ns(ns(0.8));
  l->set_p50_ns(ns(1.0));
  l->set_avg_ns(ns(1.03));
  l->set_p90_ns(ns(1.12));
  l->set_p99_ns(ns(1.25));
  l->set_p999_ns(ns(1.35));
  l->set_max_ns(ns(std::uniform_real_distribution<double>(1.36, 1.45)(random_)));
  l->set_jitter_ns(base * std::uniform_real_distribution<double>(0.01, 0.04)(random_));
}

void TrafficSimulator::clear(const std::vector<std::string>& ports) {
  auto listed = [&](const std::string& name) {
    return ports.empty() || std::find(ports.begin(), ports.end(), name) != ports.end();
  };
  for (auto& [name, c] : ports_)
    if (listed(name)) c = {};
  std::erase_if(streams_, [&](const auto& entry) { return listed(entry.first.first); });
}

}  // namespace staccato::client
