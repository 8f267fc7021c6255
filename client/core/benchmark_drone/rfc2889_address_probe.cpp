#include "client/core/benchmark_drone/rfc2889_address_probe.h"

#include <chrono>
#include <cstdio>

#include "client/core/benchmark_drone/trial_counts.h"

namespace staccato::bench {
namespace {

constexpr size_t kLearningFlow = 0, kTestFlow = 1, kHelloFlow = 2;
/// Reads after the drain while the receive counts still move (a busy machine still delivering).
constexpr int kSettleReads = 10;

std::string macText(uint64_t mac) {
  char text[18];
  std::snprintf(text, sizeof text, "%02x:%02x:%02x:%02x:%02x:%02x", unsigned(mac >> 40) & 0xff, unsigned(mac >> 32) & 0xff,
                unsigned(mac >> 24) & 0xff, unsigned(mac >> 16) & 0xff, unsigned(mac >> 8) & 0xff, unsigned(mac) & 0xff);
  return text;
}

/// `s` with its Ethernet `field` counting up from `first`, one value per frame, `count` values.
v1::Stream withVaryingMac(v1::Stream s, const std::string& field, uint64_t first, uint64_t count) {
  (*s.mutable_layers(0)->mutable_fields())[field] = macText(first);
  if (count > 1) {
    v1::VariableField* v = s.add_variable_fields();
    v->set_field(field);
    v->set_count(count);
  }
  return s;
}

uint64_t rxOf(const v1::StreamStats* row) { return row ? row->rx_packets() : 0; }

}  // namespace

Result<std::unique_ptr<DroneAddressProbe>> DroneAddressProbe::open(const DroneMap& drones, const AddressPorts& p,
                                                                     DroneExecutorSettings settings,
                                                                     AddressProbeSettings probe) {
  if (p.learning == p.test || p.learning == p.monitor || p.test == p.monitor)
    return makeError("--test", "name three different ports: --learning, --test and --monitor");
  if (!std::isfinite(probe.agingSeconds) || probe.agingSeconds < 0 || probe.agingSeconds > 3600)
    return makeError("aging", "must be 0..3600 seconds");
  if (!std::isfinite(probe.testPps) || probe.testPps < 1 || probe.testPps > 1e9)
    return makeError("test_rate", "must be 1..1e9 frames per second");
  std::vector<Flow> flows{{p.learning, p.test, kFirstStreamId},
                          {p.test, p.learning, kFirstStreamId + 1},
                          {p.test, p.monitor, kFirstStreamId + 2}};
  auto ports = BenchPorts::open(drones, std::move(flows), 4, std::move(settings));
  if (!ports) return ports.error();
  if (auto s = ports->requireLayer2("an address test"); !s) return s.error();
  return std::unique_ptr<DroneAddressProbe>(new DroneAddressProbe(std::move(*ports), probe));
}

Result<v1::StreamStats> DroneAddressProbe::sendAll(size_t flow, const v1::Stream& stream, uint64_t frames, double pps) {
  if (auto s = ports_.load({{flow, stream}}); !s) return s.error();
  const Endpoint& tx = ports_.flows()[flow].tx;
  client::DroneConnection& drone = ports_.drone(tx.drone);
  if (auto s = startPorts(drone, {tx.port}, {}); !s) return portError(tx.port, tx.drone, s.error(), "starting");
  const double seconds = double(frames) / pps;
  sleepSeconds(seconds);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(std::max(kSendGraceSeconds, seconds));
  v1::StreamStats sent;
  for (bool stopped = false;;) {
    auto snap = readOnce(drone, {tx.port}, false);
    if (!snap) return portError(tx.port, tx.drone, snap.error(), "reading");
    const DroneSnapshots snaps{{tx.drone, std::move(*snap)}};
    if (const v1::StreamStats* row = findRow(snaps, tx, stream.id(), false)) sent = *row;
    if (const v1::PortStats* port = findPort(snaps, tx); port && !port->error().empty())
      return makeError(tx.port + "@" + tx.drone, port->error());
    if (stopped) return sent;
    if (sent.tx_packets() >= frames || std::chrono::steady_clock::now() > deadline) {
      if (auto s = stopPorts(drone, {tx.port}); !s) return s.error();
      stopped = true;  // one more read: the row as it ended
    } else {
      sleepSeconds(0.02);
    }
  }
}

Result<AddressTrial> DroneAddressProbe::trial(uint64_t addresses, double pps) {
  sleepSeconds(settings_.agingSeconds);
  if (auto s = ports_.clear(); !s) return s.error();
  const auto& flows = ports_.flows();
  const FrameSize size = FrameSize::fixed(64);
  // The test port's own address first: the learning frames go to it, not flooded.
  v1::Stream hello = flowStream(flows[kHelloFlow], ports_.addressing(kHelloFlow), 4, size, {1000, 1});
  (*hello.mutable_layers(0)->mutable_fields())["eth.dst"] = "ff:ff:ff:ff:ff:ff";
  if (auto s = sendAll(kHelloFlow, hello, 1, 1000); !s) return s.error();
  const uint64_t first = kFirstLearnedMac + (settings_.freshAddressesEachTrial ? uint64_t(trials_ % 256) << 24 : 0);
  ++trials_;
  const v1::Stream learning = withVaryingMac(
      flowStream(flows[kLearningFlow], ports_.addressing(kLearningFlow), 4, size, {pps, addresses}), "eth.src", first, addresses);
  auto sentLearning = sendAll(kLearningFlow, learning, addresses, pps);
  if (!sentLearning) return sentLearning.error();
  const v1::Stream test = withVaryingMac(
      flowStream(flows[kTestFlow], ports_.addressing(kTestFlow), 4, size, {settings_.testPps, addresses}), "eth.dst", first,
      addresses);
  auto sentTest = sendAll(kTestFlow, test, addresses, settings_.testPps);
  if (!sentTest) return sentTest.error();

  sleepSeconds(ports_.settings().drainSeconds);
  const Endpoint& learningPort = flows[kLearningFlow].tx;
  const Endpoint& monitor = flows[kHelloFlow].rx;
  const uint32_t testId = flows[kTestFlow].streamId;
  auto snaps = ports_.read(false);
  for (int n = 1; snaps && n < kSettleReads; ++n) {
    const uint64_t seen = rxOf(findRow(*snaps, learningPort, testId, true)) + rxOf(findRow(*snaps, monitor, testId, true));
    if (rxOf(findRow(*snaps, learningPort, testId, true)) >= addresses) break;
    sleepSeconds(0.2);
    auto again = ports_.read(false);
    if (!again) return again.error();
    const uint64_t later = rxOf(findRow(*again, learningPort, testId, true)) + rxOf(findRow(*again, monitor, testId, true));
    snaps = std::move(again);
    if (later == seen) break;
  }
  if (!snaps) return snaps.error();

  AddressTrial t;
  t.addresses = addresses;
  t.askedPps = pps;
  t.learningPps = pps;
  t.learningSent = sentLearning->tx_packets();
  t.testSent = sentTest->tx_packets();
  if (t.learningSent > 1 && sentLearning->last_tx_ns() > sentLearning->first_tx_ns())
    t.learningPps = double(t.learningSent - 1) * 1e9 / double(sentLearning->last_tx_ns() - sentLearning->first_tx_ns());
  const v1::StreamStats* forwarded = findRow(*snaps, learningPort, testId, true);
  const v1::StreamStats* flooded = findRow(*snaps, monitor, testId, true);
  t.forwarded = rxOf(forwarded);
  t.flooded = rxOf(flooded);
  if (t.learningSent != addresses)
    t.testerNote = "sent " + std::to_string(t.learningSent) + " of " + std::to_string(addresses) + " learning frames";
  else if (t.testSent != addresses)
    t.testerNote = "sent " + std::to_string(t.testSent) + " of " + std::to_string(addresses) + " test frames";
  for (const Endpoint& at : {learningPort, monitor}) {
    const v1::PortStats* port = findPort(*snaps, at);
    const v1::StreamStats* row = at == learningPort ? forwarded : flooded;
    if (t.testerNote.empty() && ((port && port->drone_rx_dropped()) || (row && (row->rx_missed() || row->incomplete()))))
      t.testerNote = "the receiver on " + at.port + " had no room for some frames: what it counted is incomplete";
  }
  return t;
}

}  // namespace staccato::bench
