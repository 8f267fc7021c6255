#include "client/core/benchmark_drone/rfc2889_traffic_probe.h"

#include <chrono>
#include <cmath>

#include "client/core/benchmark/rfc2889_errored.h"
#include "client/core/benchmark/rfc2889_forwarding.h"
#include "client/core/benchmark_drone/trial_counts.h"
#include "common/core/push_back.h"

namespace staccato::bench {
namespace {

constexpr double kMaxTrialSeconds = 3600;
/// The learning flows' first stream id: above any trial's (at most 16 x 15 flows from kFirstStreamId).
constexpr uint32_t kLearningStreamIds = kFirstStreamId + 1000;

/// Frames a second from the first to the last of `frames` (0: fewer than two).
double spanRate(uint64_t frames, uint64_t firstNs, uint64_t lastNs) {
  return frames >= 2 && lastNs > firstNs ? double(frames - 1) * 1e9 / double(lastNs - firstNs) : 0;
}

/// Whether the device held this stream's sender back (flow control), by the rule every client
/// uses (devicePushedBack): a count-limited stream still sends all its frames, later, so its rate
/// is what it took them, first to last, against `askedFps`.
bool heldBack(const v1::StreamStats& tx, double askedFps) {
  const double fps = spanRate(tx.tx_packets(), tx.first_tx_ns(), tx.last_tx_ns());
  if (fps == 0) return false;
  const double seconds = double(tx.last_tx_ns() - tx.first_tx_ns()) / 1e9;
  return devicePushedBack(double(tx.tx_blocked_ns()) / 1e9, fps, askedFps, seconds);
}

/// Errored frames carry no IPv4 or UDP: Ethernet (type 0x88b5, local experimental), padding and
/// the signature. A switch forwards or drops such a frame whole; an IP packet too large for the
/// way out a Linux bridge would fragment, and its pieces are not the frame the tester sent.
void layer2Only(v1::Stream& s) {
  auto* layers = s.mutable_layers();
  for (int i = layers->size() - 1; i >= 0; --i)
    if (layers->Get(i).protocol() == "ip" || layers->Get(i).protocol() == "udp") layers->erase(layers->begin() + i);
  s.clear_variable_fields();  // they vary the IPv4 source
}

}  // namespace

Result<std::unique_ptr<DroneTrafficProbe>> DroneTrafficProbe::open(const DroneMap& drones, TrafficPattern pattern,
                                                                    const std::vector<Endpoint>& ports,
                                                                    DroneExecutorSettings settings, TrafficProbeSettings probe) {
  auto legs = trafficLegs(pattern, ports.size());
  if (!legs) return legs.error();
  for (size_t i = 0; i < ports.size(); ++i)
    for (size_t j = i + 1; j < ports.size(); ++j)
      if (ports[i] == ports[j]) return makeError("ports", ports[i].port + " is named twice: name each port once");
  if (!std::isfinite(probe.seconds) || probe.seconds < 0.1 || probe.seconds > kMaxTrialSeconds)
    return makeError("duration", "must be 0.1..3600 seconds");
  std::vector<Flow> flows;
  std::vector<double> shares;
  for (const TrafficLeg& leg : *legs) {
    flows.push_back({ports[leg.from], ports[leg.to], kFirstStreamId + uint32_t(flows.size())});
    shares.push_back(leg.share);
  }
  std::optional<BenchPorts> learning;
  if (pattern != TrafficPattern::kMeshed && pattern != TrafficPattern::kBroadcast) {
    std::vector<Flow> all;  // ids of their own: their frames never count in a trial
    for (size_t i = 0; i < ports.size(); ++i)
      for (size_t j = 0; j < ports.size(); ++j)
        if (i != j) all.push_back({ports[i], ports[j], kLearningStreamIds + uint32_t(all.size())});
    auto opened = BenchPorts::open(drones, std::move(all), 4, settings);
    if (!opened) return opened.error();
    learning = std::move(*opened);
  }
  auto opened = BenchPorts::open(drones, std::move(flows), 4, std::move(settings));
  if (!opened) return opened.error();
  if (auto s = opened->requireLayer2("an RFC 2889 test"); !s) return s.error();
  return std::unique_ptr<DroneTrafficProbe>(
      new DroneTrafficProbe(std::move(*opened), std::move(learning), pattern, std::move(shares), probe));
}

Status DroneTrafficProbe::learn() {
  BenchPorts& from = learning_ ? *learning_ : ports_;
  const FlowPace pace = from.learningPace();
  std::map<size_t, v1::Stream> streams;
  for (size_t f = 0; f < from.flows().size(); ++f)
    streams[f] = flowStream(from.flows()[f], from.addressing(f), 4, settings_.size, pace);
  if (auto s = from.load(streams); !s) return s;
  return from.sendLearning(pace);
}

Result<TrafficTrial> DroneTrafficProbe::trial(double load) {
  if (!std::isfinite(load) || load <= 0 || load > kMaxForwardPressureLoad || (load > 1 && pattern_ != TrafficPattern::kForwardPressure))
    return makeError("load", "must be above 0 and at most 100 % (forward pressure: 110 %)");
  const bool broadcast = pattern_ == TrafficPattern::kBroadcast;
  TrafficTrial t;
  t.load = load;
  t.seconds = settings_.seconds;
  // Each flow at its share of its port's load, in frames of its size; broadcast: the one stream,
  // counted on every port.
  const std::vector<FrameSize> sizes = pattern_ == TrafficPattern::kErroredFrames
                                           ? erroredFlowSizes(settings_.size, settings_.errored)
                                           : std::vector<FrameSize>(ports_.flows().size(), settings_.size);
  std::vector<uint64_t> frames;
  std::map<size_t, v1::Stream> streams;
  for (size_t f = 0; f < ports_.flows().size(); ++f) {
    const double fps = load * maxFrameRate(lineRateBps(), sizes[f].averageBytes()) * shares_[f];
    // Offered a port: what the first sending port is asked (broadcast: its one stream).
    if (ports_.flows()[f].tx == ports_.flows()[0].tx && !(broadcast && f > 0)) t.offeredFps += fps;
    frames.push_back(std::max<uint64_t>(1, uint64_t(std::llround(fps * settings_.seconds))));
    if (broadcast && f > 0) continue;
    streams[f] = flowStream(ports_.flows()[f], ports_.addressing(f), 4, sizes[f], {fps, frames[f]});
    if (broadcast) (*streams[f].mutable_layers(0)->mutable_fields())["eth.dst"] = "ff:ff:ff:ff:ff:ff";
    if (pattern_ == TrafficPattern::kErroredFrames && f > 0) layer2Only(streams[f]);
  }
  if (const std::string why = cannotOffer(t); !why.empty()) {
    t.testerNote = why;  // nothing sent, not even the learning frames
    return t;
  }
  if (!broadcast && ports_.settings().learningFrames)
    if (auto s = learn(); !s) return s.error();
  if (auto s = ports_.load(streams); !s) return s.error();
  if (auto s = ports_.clear(); !s) return s.error();
  PortStart how;
  how.leaseSeconds = uint32_t(std::ceil(settings_.seconds + ports_.settings().startMarginSeconds) + 30);
  how.run.set_name("rfc2889 " + std::string(patternName(pattern_)) + " " + std::to_string(int(std::lround(load * 100))) + " %");
  double ahead = 0;
  if (auto s = ports_.startAtT0(how, ahead); !s) return s.error();
  sleepSeconds(ahead + settings_.seconds);
  if (auto s = waitUntilSent(streams, frames); !s) return s.error();
  auto snaps = ports_.stopAndSettle(true);
  if (!snaps) return snaps.error();
  count(*snaps, frames, t);
  return t;
}

std::string DroneTrafficProbe::cannotOffer(const TrafficTrial& t) const {
  if (pattern_ != TrafficPattern::kForwardPressure) return "";  // the others offer at most the sender's line rate
  const Endpoint& tx = ports_.flows()[0].tx;
  const double most = maxFrameRate(ports_.lineRateBpsOf(tx), settings_.size.averageBytes());
  if (t.offeredFps <= most * (1 + 1e-9)) return "";
  return tx.port + "'s line rate carries at most " + std::to_string(std::llround(most)) + " frames a second: it cannot offer " +
         std::to_string(std::llround(t.offeredFps)) + " (forward pressure needs a sender faster than the receiving port's " +
         "line, or one that sends with an 88-bit gap; on a port whose speed is emulated, say a faster one: " +
         "staccato-cli configure " + tx.port + " --line-rate BPS)";
}

Status DroneTrafficProbe::waitUntilSent(const std::map<size_t, v1::Stream>& streams, const std::vector<uint64_t>& frames) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(kSendGraceSeconds);
  for (;;) {
    auto snaps = ports_.read(false);
    if (!snaps) return snaps.error();
    bool sent = true;
    for (const auto& [flow, stream] : streams) {
      const v1::StreamStats* row = findRow(*snaps, ports_.flows()[flow].tx, stream.id(), false);
      sent = sent && row && row->tx_packets() >= frames[flow];
    }
    if (sent || std::chrono::steady_clock::now() > deadline) return Ok{};
    sleepSeconds(0.02);
  }
}

std::string DroneTrafficProbe::named(const Endpoint& e) const {
  return dronesOf(ports_.flows()).size() == 1 ? e.port : e.port + "@" + e.drone;
}

void DroneTrafficProbe::count(const DroneSnapshots& snaps, const std::vector<uint64_t>& frames, TrafficTrial& t) const {
  const auto& flows = ports_.flows();
  const bool unicast = pattern_ != TrafficPattern::kBroadcast;
  auto note = [&t](const std::string& text) { addNote(t.testerNote, text); };
  for (size_t f = 0; f < flows.size(); ++f) {
    const Flow& flow = flows[f];
    const Flow& sender = unicast ? flow : flows[0];  // broadcast: the one stream, counted on every port
    PairCount p{named(flow.tx), named(flow.rx)};
    p.asked = frames[unicast ? f : 0];
    if (const v1::StreamStats* tx = findRow(snaps, sender.tx, sender.streamId, false)) {
      p.sent = tx->tx_packets();
      p.heldBack = heldBack(*tx, double(p.asked) / t.seconds);
      p.sentFps = spanRate(tx->tx_packets(), tx->first_tx_ns(), tx->last_tx_ns());
    }
    if (p.sent != p.asked && !p.heldBack)
      note(flow.tx.port + " sent " + std::to_string(p.sent) + " of " + std::to_string(p.asked) + " frames");
    if (const v1::StreamStats* rx = findRow(snaps, flow.rx, sender.streamId, true)) {
      p.received = rx->rx_packets();
      p.receivedFps = spanRate(rx->rx_packets(), rx->first_rx_ns(), rx->last_rx_ns());
      if (rx->has_latency() && rx->latency().samples()) p.latencyAvgUs = double(rx->latency().avg_ns()) / 1e3;
      if (rx->rx_missed() || rx->incomplete()) note("the receiver on " + flow.rx.port + " had no room for some frames");
    }
    if (unicast)
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
