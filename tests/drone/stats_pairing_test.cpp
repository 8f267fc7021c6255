// A stream's transmit and receive counts in one row: on one drone (one clock), across two drones
// (rpc::pairAcrossDrones, as clients do it), or apart when there is no sender or more than one.
// Packets that never arrived count as lost once the sender has stopped, and a receiver that had
// no room says how many it dropped.
#include <gtest/gtest.h>

#include <set>

#include "rpc/stats/stream_pairing.h"
#include "tests/drone/drone_test_util.h"

namespace staccato::drone::test {
namespace {

/// Ports a <-> b, where b's receiver holds at most 4 frames and drops what finds it full.
std::vector<fake::FakePortSpec> lossyPair() {
  auto ports = fake::fakePair("a", "b", 1);
  ports[1].lossless = false;
  ports[1].inboxFrames = 4;
  return ports;
}

/// Waits until everything `sender` sent of stream `id` reached `receiver`'s receiver or its
/// drop counter; returns (received, dropped).
std::pair<uint64_t, uint64_t> settle(DroneCore& sender, const std::string& txPort, DroneCore& receiver,
                                     const std::string& rxPort, uint32_t id) {
  uint64_t rx = 0, dropped = 0;
  waitUntil([&] {
    const v1::StatsSnapshot tx = sender.collect(), snap = receiver.collect();
    rx = 0;
    for (const auto& s : snap.streams())
      if (s.rx_port() == rxPort && s.stream_id() == id) rx = s.rx_packets();
    dropped = portRow(snap, rxPort)->drone_rx_dropped();
    return !portRow(tx, txPort)->transmitting() && rx + dropped == portRow(tx, txPort)->drone_tx_packets();
  });
  return {rx, dropped};
}

void expectLatencyOfEveryPacket(const v1::StreamStats& row) {
  const v1::LatencyStats& l = row.latency();
  EXPECT_EQ(l.samples(), row.rx_packets());
  EXPECT_LE(l.min_ns(), l.p50_ns());
  EXPECT_LE(l.p50_ns(), l.p99_ns());
  EXPECT_LE(l.p99_ns(), l.max_ns());
  EXPECT_LE(l.min_ns(), l.avg_ns());
  EXPECT_LE(l.avg_ns(), l.max_ns());
  EXPECT_GT(l.max_ns(), 0u);
}

TEST(PairingOnOneDrone, TransmitAndReceiveShareOneRowOnOneClock) {
  FakeDrone d;
  d.runToEnd("a", {udpStream(1, 500)});
  const v1::StatsSnapshot snap = d.waitReceived("b", 1, 500);
  const v1::StreamStats* row = streamRow(snap, "a", 1, "b");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(rowsOfStream(snap, 1), 1u) << "the receive side also has a row of its own";
  EXPECT_EQ(row->tx_packets(), 500u);
  EXPECT_EQ(row->rx_packets(), 500u);
  EXPECT_EQ(row->tx_bytes(), 500u * 128);
  EXPECT_EQ(row->rx_bytes(), row->tx_bytes()) << "both sides count frames with their FCS";
  EXPECT_EQ(row->lost(), 0u);
  EXPECT_TRUE(row->same_clock());
  expectLatencyOfEveryPacket(*row);
}

TEST(PairingOnOneDrone, AStreamNobodySendsIsAReceiveOnlyRow) {
  FakeDrone d;
  d.runToEnd("a", {udpStream(1, 100)});
  d.waitReceived("b", 1, 100);
  ASSERT_TRUE(d.setStreams("a", {udpStream(2, 1)}).ok());  // a no longer sends stream 1
  const v1::StatsSnapshot snap = d.core().collect();
  const v1::StreamStats* row = streamRow(snap, "", 1, "b");
  ASSERT_NE(row, nullptr) << "b's counts of stream 1 went missing";
  EXPECT_EQ(row->rx_packets(), 100u);
  EXPECT_EQ(row->tx_packets(), 0u);
  EXPECT_FALSE(row->same_clock()) << "no sender: no clock to compare with";
  EXPECT_EQ(rowsOfStream(snap, 1), 1u);
}

TEST(PairingOnOneDrone, TwoPortsSendingTheSameIdStayApart) {
  // a -> b and c -> b: b cannot tell whose stream 7 it counted.
  FakeDrone d({{.name = "a", .peer = "b"}, {.name = "b", .peer = "a"}, {.name = "c", .peer = "b"}});
  ASSERT_TRUE(d.setStreams("a", {udpStream(7, 200)}).ok());
  ASSERT_TRUE(d.setStreams("c", {udpStream(7, 300)}).ok());
  ASSERT_TRUE(d.core().startTx({"a", "c"}, "").ok());
  ASSERT_TRUE(d.waitStopped("a") && d.waitStopped("c"));
  const v1::StatsSnapshot snap = d.waitReceived("b", 7, 500);
  EXPECT_EQ(rowsOfStream(snap, 7), 3u);
  ASSERT_NE(streamRow(snap, "a", 7, ""), nullptr);
  ASSERT_NE(streamRow(snap, "c", 7, ""), nullptr);
  EXPECT_EQ(streamRow(snap, "a", 7, "")->tx_packets(), 200u);
  EXPECT_EQ(streamRow(snap, "c", 7, "")->tx_packets(), 300u);
  const v1::StreamStats* rx = streamRow(snap, "", 7, "b");
  ASSERT_NE(rx, nullptr);
  EXPECT_EQ(rx->rx_packets(), 500u);
  EXPECT_FALSE(rx->same_clock());
}

TEST(PairingOnOneDrone, APortThatSentNothingOfTheIdSinceTheClearIsNotItsSender) {
  // a sent stream 7 and still holds it; after the clear, c sends stream 7 (a session moved with --map).
  FakeDrone d({{.name = "a", .peer = "b"}, {.name = "b", .peer = "a"}, {.name = "c", .peer = "b"}});
  d.runToEnd("a", {udpStream(7, 200)});
  d.waitReceived("b", 7, 200);
  ASSERT_TRUE(d.core().clearStats({"a", "b", "c"}, "").ok());
  d.runToEnd("c", {udpStream(7, 300)});
  const v1::StatsSnapshot snap = d.waitReceived("b", 7, 300);
  const v1::StreamStats* row = streamRow(snap, "c", 7, "b");
  ASSERT_NE(row, nullptr) << "c's stream 7 was not paired with b's counts";
  EXPECT_EQ(row->tx_packets(), 300u);
  EXPECT_EQ(row->rx_packets(), 300u);
  EXPECT_TRUE(row->same_clock());
  ASSERT_NE(streamRow(snap, "a", 7, ""), nullptr) << "a's row (0 packets) stays";
  EXPECT_EQ(streamRow(snap, "a", 7, "")->tx_packets(), 0u);
}

// Frames the receiver had no room for are its own misses, not the network's loss: the row says it
// is incomplete and how many frames went unexamined, and calls none of them lost.
TEST(PairingOnOneDrone, FramesTheReceiverMissedAreIncompleteNotLost) {
  FakeDrone d(lossyPair());
  d.runToEnd("a", {udpStream(1, 3000)});
  const auto [rx, dropped] = settle(d.core(), "a", d.core(), "b", 1);
  ASSERT_GT(dropped, 0u) << "a 4-frame receiver kept up with a sender as fast as the link";
  const v1::StatsSnapshot snap = d.core().collect();
  EXPECT_EQ(portRow(snap, "b")->drone_rx_dropped(), dropped);
  const v1::StreamStats* row = streamRow(snap, "a", 1, "b");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->tx_packets(), 3000u);
  EXPECT_EQ(row->rx_packets(), rx);
  EXPECT_EQ(rx + dropped, 3000u) << "every frame was either counted or missed by the receiver";
  EXPECT_TRUE(row->incomplete());
  EXPECT_EQ(row->rx_missed(), dropped);
  EXPECT_EQ(row->lost(), 0u) << "the receiver's misses are not the network's loss";
  expectLatencyOfEveryPacket(*row);
}

TEST(PairingOnOneDrone, FramesThatNeverArrivedAreLostOnceTheSenderStopped) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {continuousStream(1, 5000)}).ok());
  ASSERT_TRUE(d.core().startTx({"a"}, "").ok());
  d.waitReceived("b", 1, 100);
  // The cable is pulled, too briefly for the drone to see b go: a's frames vanish on the way.
  const uint64_t beforePull = d.sent("a", 1);  // these arrived (or will)
  d.hardware().unplug("b");
  const uint64_t afterPull = d.sent("a", 1);  // none sent after this arrives
  ASSERT_TRUE(waitUntil([&] { return d.sent("a", 1) >= afterPull + 100; }));
  const v1::StatsSnapshot sending = d.core().collect();
  ASSERT_NE(streamRow(sending, "a", 1, "b"), nullptr);
  EXPECT_EQ(streamRow(sending, "a", 1, "b")->lost(), 0u) << "while a sends, frames after the last arrival may still come";

  ASSERT_TRUE(d.core().stopTx({"a"}, "").ok());
  const v1::StatsSnapshot snap = d.waitReceived("b", 1, beforePull);
  const v1::StreamStats* row = streamRow(snap, "a", 1, "b");
  ASSERT_NE(row, nullptr);
  ASSERT_GE(row->tx_packets(), row->rx_packets() + 100);
  EXPECT_EQ(row->lost(), row->tx_packets() - row->rx_packets()) << "a stopped: what never arrived is lost";
  EXPECT_EQ(row->rx_missed(), 0u);
  EXPECT_FALSE(row->incomplete()) << "the receiver missed nothing";
  d.hardware().plug("b");
}

/// The ports `names` of fake ports that several drones share: one host's interfaces,
/// wired to the other drones' (an a <-> b cable between two hosts).
class PortsOf final : public PortSource {
 public:
  PortsOf(std::shared_ptr<fake::FakePortSource> all, std::set<std::string> names)
      : all_(std::move(all)), names_(std::move(names)) {}

  Result<std::vector<PortInfo>> discover() override {
    auto all = all_->discover();
    if (!all) return all;
    std::vector<PortInfo> out;
    for (PortInfo& p : *all)
      if (names_.count(p.name)) out.push_back(std::move(p));
    return out;
  }
  Result<std::map<std::string, LinkCounters>> counters() override {
    auto all = all_->counters();
    if (!all) return all;
    std::map<std::string, LinkCounters> out;
    for (auto& [name, c] : *all)
      if (names_.count(name)) out[name] = c;
    return out;
  }
  XdpFeatures xdpFeatures(const PortInfo& port) override { return all_->xdpFeatures(port); }
  bool hasTurbo() const override { return all_->hasTurbo(); }
  Result<std::unique_ptr<TxBackend>> openPcapTx(const PortInfo& port) override { return all_->openPcapTx(port); }
  Result<std::unique_ptr<TxBackend>> openTurboTx(const PortInfo& port, uint32_t queue, TurboMode mode,
                                                 std::span<const TxPlan> plans) override {
    return all_->openTurboTx(port, queue, mode, plans);
  }
  Result<std::unique_ptr<TxBackend>> openSharedTurboTx(const PortInfo& port, uint32_t queue, SignatureReceiver& receiver,
                                                       std::span<const TxPlan> plans) override {
    return all_->openSharedTurboTx(port, queue, receiver, plans);
  }
  Result<std::vector<std::unique_ptr<TxBackend>>> openKernelTx(const PortInfo& port, std::span<const int> cpus,
                                                               std::span<const TxPlan> plans) override {
    return all_->openKernelTx(port, cpus, plans);
  }
  Result<std::unique_ptr<SignatureReceiver>> openPcapRx(const PortInfo& port) override { return all_->openPcapRx(port); }
  Result<std::unique_ptr<SignatureReceiver>> openTurboRx(const PortInfo& port) override { return all_->openTurboRx(port); }
  Result<std::unique_ptr<SignatureReceiver>> openXdpCountRx(const PortInfo& port, bool atTc) override {
    return all_->openXdpCountRx(port, atTc);
  }
  Result<std::unique_ptr<SignatureReceiver>> openReflector(const PortInfo& port, v1::PortConfig::Reflect how) override {
    return all_->openReflector(port, how);
  }
  Result<std::unique_ptr<CaptureEngine>> openCapture(const PortInfo& port, const CaptureSpec& spec, uint32_t snapLength,
                                                     CaptureSink& sink) override {
    return all_->openCapture(port, spec, snapLength, sink);
  }
  Result<std::unique_ptr<devices::ControlSocket>> openControl(const PortInfo& port) override {
    return all_->openControl(port);
  }

 private:
  std::shared_ptr<fake::FakePortSource> all_;
  std::set<std::string> names_;
};

/// Drone 1 has port a, drone 2 port b, and a cable joins a and b.
struct TwoDrones {
  explicit TwoDrones(std::vector<fake::FakePortSpec> ports = fake::fakePair("a", "b", 1))
      : hardware(std::make_shared<fake::FakePortSource>(std::move(ports))),
        one(std::make_unique<PortsOf>(hardware, std::set<std::string>{"a"}), options()),
        two(std::make_unique<PortsOf>(hardware, std::set<std::string>{"b"}), options()) {}
  static DroneCoreOptions options() {
    DroneCoreOptions o;
    o.refreshEvery = 0ms;
    return o;
  }
  /// Runs `streams` on drone 1's port a to the end.
  void runOnA(const std::vector<v1::Stream>& streams) {
    ASSERT_TRUE(one.setStreams("a", streamList(streams), "").ok());
    ASSERT_TRUE(one.startTx({"a"}, "").ok());
    ASSERT_TRUE(waitUntil([&] { return !portRow(one.collect(), "a")->transmitting(); }));
  }
  std::shared_ptr<fake::FakePortSource> hardware;
  DroneCore one, two;
};

TEST(PairingAcrossDrones, TheSendersRowGainsTheOtherDronesReceiveSide) {
  TwoDrones lab;
  lab.runOnA({udpStream(3, 400)});
  settle(lab.one, "a", lab.two, "b", 3);
  v1::StatsSnapshot one = lab.one.collect(), two = lab.two.collect();
  ASSERT_NE(streamRow(one, "a", 3, ""), nullptr) << "drone 1 alone knows only what a sent";
  ASSERT_NE(streamRow(two, "", 3, "b"), nullptr) << "drone 2 alone knows only what b received";
  EXPECT_EQ(portRow(one, "b"), nullptr) << "drone 1 has port b";

  rpc::pairAcrossDrones({&one, &two});
  const v1::StreamStats* row = streamRow(one, "a", 3, "b");
  ASSERT_NE(row, nullptr) << "a's row did not take b's receive side";
  EXPECT_EQ(row->tx_packets(), 400u);
  EXPECT_EQ(row->rx_packets(), 400u);
  EXPECT_EQ(row->lost(), 0u);
  EXPECT_FALSE(row->same_clock()) << "two drones, two clocks";
  expectLatencyOfEveryPacket(*row);
  EXPECT_NE(streamRow(two, "", 3, "b"), nullptr) << "drone 2 keeps its own row";
  EXPECT_EQ(rowsOfStream(one, 3), 1u);
}

TEST(PairingAcrossDrones, OneRowPerStreamTakesTheReceiveRowFromItsOwnDrone) {
  TwoDrones lab;
  lab.runOnA({udpStream(3, 400), udpStream(4, 100)});
  settle(lab.one, "a", lab.two, "b", 3);
  settle(lab.one, "a", lab.two, "b", 4);
  v1::StatsSnapshot one = lab.one.collect(), two = lab.two.collect();
  // A receive row of a stream nobody sends stays where it is.
  v1::StreamStats* stray = two.add_streams();
  stray->set_stream_id(9);
  stray->set_rx_port("b");
  stray->set_rx_packets(5);
  rpc::pairAcrossDronesOneRow({&one, &two});
  for (uint32_t id : {3u, 4u}) {
    const v1::StreamStats* row = streamRow(one, "a", id, "b");
    ASSERT_NE(row, nullptr) << id;
    EXPECT_EQ(row->rx_packets(), row->tx_packets()) << id;
    EXPECT_EQ(streamRow(two, "", id, "b"), nullptr) << "stream " << id << " is a row on drone 2 as well";
    EXPECT_EQ(rowsOfStream(one, id) + rowsOfStream(two, id), 1u) << id;
  }
  EXPECT_NE(streamRow(two, "", 9, "b"), nullptr) << "a stream nobody sends lost its receive row";
}

TEST(PairingAcrossDrones, WhatTheOtherDronesReceiverMissedIsIncompleteNotLost) {
  TwoDrones lab(lossyPair());
  lab.runOnA({udpStream(3, 2000)});
  const auto [rx, dropped] = settle(lab.one, "a", lab.two, "b", 3);
  ASSERT_GT(dropped, 0u);
  v1::StatsSnapshot one = lab.one.collect(), two = lab.two.collect();
  rpc::pairAcrossDrones({&one, &two});
  const v1::StreamStats* row = streamRow(one, "a", 3, "b");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->rx_packets(), rx);
  EXPECT_EQ(rx + dropped, 2000u);
  EXPECT_EQ(portRow(two, "b")->drone_rx_dropped(), row->rx_missed()) << "the other drone's receiver missed them";
  EXPECT_TRUE(row->incomplete());
  EXPECT_EQ(row->lost(), 0u) << "what the receiver missed is not lost, on another drone either";
}

TEST(PairingAcrossDrones, PacketsStillOnTheirWayAreNotLostWhileTheSenderSends) {
  TwoDrones lab;
  ASSERT_TRUE(lab.one.setStreams("a", streamList({continuousStream(3, 5000)}), "").ok());
  ASSERT_TRUE(lab.one.startTx({"a"}, "").ok());
  v1::StatsSnapshot two;
  ASSERT_TRUE(waitUntil([&] {
    two = lab.two.collect();
    const v1::StreamStats* rx = streamRow(two, "", 3, "b");
    return rx && rx->rx_packets() > 0;
  }));
  // Drone 1's counts come later: a has sent more than drone 2 had received.
  const uint64_t received = streamRow(two, "", 3, "b")->rx_packets();
  v1::StatsSnapshot one;
  ASSERT_TRUE(waitUntil([&] {
    one = lab.one.collect();
    return streamRow(one, "a", 3, "")->tx_packets() >= received + 20;
  }));
  ASSERT_TRUE(rpc::portTransmitting(one, "a"));
  rpc::pairAcrossDrones({&one, &two});
  const v1::StreamStats* row = streamRow(one, "a", 3, "b");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->rx_packets(), received);
  EXPECT_EQ(row->lost(), 0u) << "packets sent after the receiver's count were called lost";
  EXPECT_TRUE(lab.one.stopTx({"a"}, "").ok());
}

}  // namespace
}  // namespace staccato::drone::test
