#include "client/core/benchmark_drone/rfc2889_traffic_probe.h"

#include <chrono>
#include <cmath>

#include "client/core/benchmark_drone/trial_counts.h"

namespace staccato::bench {
namespace {

constexpr double kMaxTrialSeconds = 3600;

}  // namespace

Result<std::unique_ptr<DroneTrafficProbe>> DroneTrafficProbe::open(const DroneMap& drones, TrafficPattern pattern,
                                                                    const std::vector<Endpoint>& ports,
                                                                    DroneExecutorSettings settings, TrafficProbeSettings probe) {
  if (ports.size() < 2) return makeError("ports", "name at least two ports");
  for (size_t i = 0; i < ports.size(); ++i)
    for (size_t j = i + 1; j < ports.size(); ++j)
      if (ports[i] == ports[j]) return makeError("ports", ports[i].port + " is named twice: name each port once");
  if (!std::isfinite(probe.seconds) || probe.seconds < 0.1 || probe.seconds > kMaxTrialSeconds)
    return makeError("duration", "must be 0.1..3600 seconds");
  std::vector<Flow> flows;
  for (size_t i = 0; i < ports.size(); ++i)
    for (size_t j = 0; j < ports.size(); ++j)
      if (i != j && (pattern == TrafficPattern::kMeshed || i == 0))
        flows.push_back({ports[i], ports[j], kFirstStreamId + uint32_t(flows.size())});
  auto opened = BenchPorts::open(drones, std::move(flows), 4, std::move(settings));
  if (!opened) return opened.error();
  if (auto s = opened->requireLayer2("an RFC 2889 test"); !s) return s.error();
  return std::unique_ptr<DroneTrafficProbe>(new DroneTrafficProbe(std::move(*opened), pattern, ports.size(), probe));
}

Status DroneTrafficProbe::learn() {
  const FlowPace pace = ports_.learningPace();
  std::map<size_t, v1::Stream> streams;
  for (size_t f = 0; f < ports_.flows().size(); ++f)
    streams[f] = flowStream(ports_.flows()[f], ports_.addressing(f), 4, settings_.size, pace);
  if (auto s = ports_.load(streams); !s) return s;
  return ports_.sendLearning(pace);
}

Result<TrafficTrial> DroneTrafficProbe::trial(double load) {
  if (!std::isfinite(load) || load <= 0 || load > 1) return makeError("load", "must be above 0 and at most 100 %");
  const bool meshed = pattern_ == TrafficPattern::kMeshed;
  if (meshed && ports_.settings().learningFrames)
    if (auto s = learn(); !s) return s.error();
  TrafficTrial t;
  t.load = load;
  t.seconds = settings_.seconds;
  t.offeredFps = load * ports_.lineRateBps() / ((settings_.size.averageBytes() + 20) * 8);
  // Meshed: the port's load split over its N - 1 destinations. Broadcast: one stream.
  const double streamFps = meshed ? t.offeredFps / double(portCount_ - 1) : t.offeredFps;
  const uint64_t frames = std::max<uint64_t>(1, uint64_t(std::llround(streamFps * settings_.seconds)));
  std::map<size_t, v1::Stream> streams;
  for (size_t f = 0; f < (meshed ? ports_.flows().size() : 1); ++f) {
    streams[f] = flowStream(ports_.flows()[f], ports_.addressing(f), 4, settings_.size, {streamFps, frames});
    if (!meshed) (*streams[f].mutable_layers(0)->mutable_fields())["eth.dst"] = "ff:ff:ff:ff:ff:ff";
  }
  if (auto s = ports_.load(streams); !s) return s.error();
  if (auto s = ports_.clear(); !s) return s.error();
  PortStart how;
  how.leaseSeconds = uint32_t(std::ceil(settings_.seconds + ports_.settings().startMarginSeconds) + 30);
  how.run.set_name(std::string(meshed ? "rfc2889 meshed " : "rfc2889 broadcast ") + std::to_string(int(std::lround(load * 100))) +
                   " %");
  double ahead = 0;
  if (auto s = ports_.startAtT0(how, ahead); !s) return s.error();
  sleepSeconds(ahead + settings_.seconds);
  if (auto s = waitUntilSent(streams, frames); !s) return s.error();
  auto snaps = ports_.stopAndSettle(true);
  if (!snaps) return snaps.error();
  count(*snaps, frames, t);
  return t;
}

Status DroneTrafficProbe::waitUntilSent(const std::map<size_t, v1::Stream>& streams, uint64_t frames) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(kSendGraceSeconds);
  for (;;) {
    auto snaps = ports_.read(false);
    if (!snaps) return snaps.error();
    bool sent = true;
    for (const auto& [flow, stream] : streams) {
      const v1::StreamStats* row = findRow(*snaps, ports_.flows()[flow].tx, stream.id(), false);
      sent = sent && row && row->tx_packets() >= frames;
    }
    if (sent || std::chrono::steady_clock::now() > deadline) return Ok{};
    sleepSeconds(0.02);
  }
}

std::string DroneTrafficProbe::named(const Endpoint& e) const {
  return dronesOf(ports_.flows()).size() == 1 ? e.port : e.port + "@" + e.drone;
}

void DroneTrafficProbe::count(const DroneSnapshots& snaps, uint64_t frames, TrafficTrial& t) const {
  const auto& flows = ports_.flows();
  const bool meshed = pattern_ == TrafficPattern::kMeshed;
  auto note = [&t](const std::string& text) { addNote(t.testerNote, text); };
  for (size_t f = 0; f < flows.size(); ++f) {
    const Flow& flow = flows[f];
    const Flow& sender = meshed ? flow : flows[0];  // broadcast: the one stream, counted on every port
    PairCount p{named(flow.tx), named(flow.rx)};
    if (const v1::StreamStats* tx = findRow(snaps, sender.tx, sender.streamId, false)) p.sent = tx->tx_packets();
    if (p.sent != frames) note(flow.tx.port + " sent " + std::to_string(p.sent) + " of " + std::to_string(frames) + " frames");
    if (const v1::StreamStats* rx = findRow(snaps, flow.rx, sender.streamId, true)) {
      p.received = rx->rx_packets();
      if (rx->has_latency() && rx->latency().samples()) p.latencyAvgUs = double(rx->latency().avg_ns()) / 1e3;
      if (rx->rx_missed() || rx->incomplete()) note("the receiver on " + flow.rx.port + " had no room for some frames");
    }
    if (meshed)
      for (const auto& [drone, snap] : snaps)
        for (const v1::StreamStats& row : snap.streams())
          if (row.stream_id() == flow.streamId && !row.rx_port().empty() && !(drone == flow.rx.drone && row.rx_port() == flow.rx.port))
            p.elsewhere += row.rx_packets();
    for (const Endpoint& at : {flow.tx, flow.rx})
      if (const v1::PortStats* port = findPort(snaps, at)) {
        if (!port->error().empty()) note(at.port + ": " + port->error());
        if (port->drone_rx_dropped()) note("the receiver on " + at.port + " had no room for some frames");
      }
    t.pairs.push_back(std::move(p));
  }
}

}  // namespace staccato::bench
