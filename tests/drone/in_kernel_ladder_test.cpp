// The in-kernel step of the transmit ladder on fake ports that offer it (a stand-in that builds
// its own frames, as the kernel does): chosen before AF_XDP copy mode and after zero-copy, each
// step down said; refused when forced where it cannot run; the streams it cannot run fall back.
// The workers' builder path: exact counts over two workers, sequences without loss, sequential
// runs with after-stream actions, interleaved streams, stop, and captures of what it sends.
// Receive: auto picks per driver (in-kernel counting on veth), explicit engines by name.
#include <gtest/gtest.h>

#include "tests/drone/drone_test_util.h"

namespace staccato::drone::test {
namespace {

using Config = v1::PortConfig;

std::vector<fake::FakePortSpec> inKernelPair(uint32_t queues = 2) {
  auto ports = fake::fakePair("a", "b", queues);
  for (auto& p : ports) p.inKernel = true;
  return ports;
}

Status forceBackend(FakeDrone& d, const std::string& port, Config::Backend backend) {
  return d.configure(port, [&](Config& c) { c.set_backend(backend); });
}

/// Receive with the libpcap stand-in on both ports (turbo receive's sockets are another step).
void receiveWithPcap(FakeDrone& d) {
  for (const char* p : {"a", "b"})
    ASSERT_TRUE(d.configure(p, [](Config& c) { c.set_rx_backend(Config::RX_PCAP); }).ok());
}

const v1::StreamStats& rowOf(const v1::StatsSnapshot& snap, uint32_t id) {
  static const v1::StreamStats none;
  const v1::StreamStats* r = streamRow(snap, "a", id, "b");
  return r ? *r : none;
}

TEST(InKernelLadder, ChosenBeforeCopyModeAndSaysWhyNotZeroCopy) {
  FakeDrone d(inKernelPair());
  receiveWithPcap(d);
  EXPECT_EQ(d.listed("a")->backend(), "turbo-xdp") << d.listed("a")->backend_reason();
  d.runToEnd("a", {udpStream(1, 1000)});
  const v1::Port a = d.listed("a").value();
  EXPECT_EQ(a.backend(), "turbo-xdp");
  EXPECT_NE(a.backend_reason().find("in-kernel XDP"), std::string::npos) << a.backend_reason();
  EXPECT_NE(a.backend_reason().find("not zero-copy: driver simulated has no AF_XDP zero-copy"), std::string::npos)
      << a.backend_reason();
  EXPECT_EQ(d.sent("a", 1), 1000u);
  EXPECT_EQ(receivedOf(d.waitReceived("b", 1, 1000), "a", 1, "b"), 1000u);
}

TEST(InKernelLadder, APortWithoutItSendsWithCopyModeAndSaysWhy) {
  FakeDrone d;  // fake ports without the in-kernel sender: their driver takes no redirected frames
  receiveWithPcap(d);
  d.runToEnd("a", {udpStream(1, 10)});
  const v1::Port a = d.listed("a").value();
  EXPECT_EQ(a.backend(), "turbo-generic");
  EXPECT_NE(a.backend_reason().find("not in-kernel: driver simulated does not take redirected XDP frames"),
            std::string::npos)
      << a.backend_reason();
}

TEST(InKernelLadder, ForcedWhereItCannotRunIsRefusedSayingWhy) {
  FakeDrone d;
  ASSERT_TRUE(forceBackend(d, "a", Config::TURBO_XDP).ok());
  EXPECT_EQ(d.listed("a")->backend(), "turbo-xdp");
  EXPECT_NE(d.listed("a")->backend_reason().find("refused"), std::string::npos) << d.listed("a")->backend_reason();
  ASSERT_TRUE(d.setStreams("a", {udpStream(1, 10)}).ok());
  const Status s = d.core().startTx({"a"}, "");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message.find("in-kernel: driver simulated"), std::string::npos) << s.error().message;
  EXPECT_FALSE(d.transmitting("a"));
}

TEST(InKernelLadder, StreamsTheKernelCannotRunFallBackWithTheReason) {
  FakeDrone d(inKernelPair());
  receiveWithPcap(d);
  v1::Stream replay;
  replay.set_id(3);
  replay.mutable_control()->set_mode(v1::Control::PACKETS);
  replay.mutable_control()->set_count(5);
  for (int n = 0; n < 5; ++n) replay.mutable_replay()->add_frames(std::string(60, char(n)));
  d.runToEnd("a", {udpStream(1, 10), replay});
  const v1::Port a = d.listed("a").value();
  EXPECT_EQ(a.backend(), "turbo-generic");
  EXPECT_NE(a.backend_reason().find("not in-kernel: streams[1]: a replay does not run in the kernel"), std::string::npos)
      << a.backend_reason();
  // Forced, the same start is refused with that reason.
  ASSERT_TRUE(forceBackend(d, "a", Config::TURBO_XDP).ok());
  const Status s = d.core().startTx({"a"}, "");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message.find("streams[1]: a replay does not run in the kernel"), std::string::npos) << s.error().message;
}

TEST(InKernelLadder, TwoWorkersSplitCountsExactlyWithoutLossDuplicatesOrHoles) {
  FakeDrone d(inKernelPair(2));
  receiveWithPcap(d);
  d.runToEnd("a", {udpStream(1, 10001), udpStream(2, 777, 200'000)});
  EXPECT_EQ(d.listed("a")->active_queues(), std::min(2u, std::max(1u, std::thread::hardware_concurrency())));
  EXPECT_EQ(d.sent("a", 1), 10001u);
  EXPECT_EQ(d.sent("a", 2), 777u);
  const auto snap = d.waitReceived("b", 2, 777);
  d.waitReceived("b", 1, 10001);
  const auto last = d.core().collect();
  for (uint32_t id : {1u, 2u}) {
    const v1::StreamStats& r = rowOf(last, id);
    EXPECT_EQ(r.rx_packets(), id == 1 ? 10001u : 777u);
    EXPECT_EQ(r.lost(), 0u) << "stream " << id;
    EXPECT_EQ(r.duplicates(), 0u) << "stream " << id;
  }
  (void)snap;
}

TEST(InKernelLadder, SequentialRunsFollowTheirAfterStreamActions) {
  FakeDrone d(inKernelPair(2));
  receiveWithPcap(d);
  // 1 -> 2 -> back to 1 twice more (3 runs of 1, 3 of 2), then stop.
  d.runToEnd("a", {udpStream(1, 100), then(udpStream(2, 50), v1::Control::GOTO_FIRST, 2)});
  EXPECT_EQ(d.sent("a", 1), 300u);
  EXPECT_EQ(d.sent("a", 2), 150u);
  d.waitReceived("b", 2, 150);
  const auto snap = d.waitReceived("b", 1, 300);
  for (uint32_t id : {1u, 2u}) EXPECT_EQ(rowOf(snap, id).lost(), 0u) << "runs carry the sequence on";
}

TEST(InKernelLadder, InterleavedStreamsSendTheirCountsTogether) {
  FakeDrone d(inKernelPair(2));
  receiveWithPcap(d);
  ASSERT_TRUE(d.configure("a", [](Config& c) { c.set_tx_mode(Config::INTERLEAVED); }).ok());
  d.runToEnd("a", {udpStream(1, 400, 40'000), udpStream(2, 200, 20'000)});
  EXPECT_EQ(d.sent("a", 1), 400u);
  EXPECT_EQ(d.sent("a", 2), 200u);
}

TEST(InKernelLadder, AStopEndsWhereTheWorkersAgreeSoNothingLooksLost) {
  FakeDrone d(inKernelPair(2));
  receiveWithPcap(d);
  ASSERT_TRUE(d.setStreams("a", {continuousStream(1, 100'000)}).ok());  // paced by the builder
  ASSERT_TRUE(d.core().startTx({"a"}, "").ok());
  std::this_thread::sleep_for(100ms);
  ASSERT_TRUE(d.core().stopTx({"a"}, "").ok());
  const uint64_t sent = d.sent("a", 1);
  ASSERT_GT(sent, 1000u);
  const auto snap = d.waitReceived("b", 1, sent);
  EXPECT_EQ(rowOf(snap, 1).rx_packets(), sent);
  EXPECT_EQ(rowOf(snap, 1).lost(), 0u) << "the workers' shares end at one index";
}

TEST(InKernelLadder, ACaptureOfWhatItSendsHoldsEveryFrame) {
  FakeDrone d(inKernelPair(2));
  receiveWithPcap(d);
  CaptureSpec spec{.filter = "", .bound = CaptureBound::kPackets, .limit = 10000, .direction = v1::CAPTURE_TX};
  ASSERT_TRUE(d.core().startCapture("a", spec, "").ok());
  d.runToEnd("a", {udpStream(1, 500)});
  ASSERT_EQ(d.listed("a")->backend(), "turbo-xdp");
  auto status = d.core().captureStatus({"a"});
  ASSERT_TRUE(status.ok());
  EXPECT_EQ(status->captures(0).seen(), 500u) << "the builder's copies reach the capture";
  ASSERT_TRUE(d.core().stopCapture("a", "", false).ok());
}


/// A pair of fake ports whose driver says `driver`, with the in-kernel engines.
std::vector<fake::FakePortSpec> pairOfDriver(const std::string& driver) {
  auto ports = fake::fakePair("a", "b", 1);
  for (auto& p : ports) {
    p.driver = driver;
    p.inKernel = true;
  }
  return ports;
}

TEST(AutoReceive, OnVethInKernelCountingSayingWhy) {
  FakeDrone d(pairOfDriver("veth"));
  const v1::Port b = d.listed("b").value();
  EXPECT_EQ(b.rx_backend(), "xdp-count");
  EXPECT_NE(b.rx_backend_reason().find("auto for driver veth (measured on veth"), std::string::npos) << b.rx_backend_reason();
  d.runToEnd("a", {udpStream(1, 300)});
  EXPECT_EQ(receivedOf(d.waitReceived("b", 1, 300), "a", 1, "b"), 300u);
  EXPECT_EQ(d.listed("a")->backend(), "turbo-xdp") << "the peer's counter lets the in-kernel sender send";
}

TEST(AutoReceive, ElsewhereTurboReceiveAsBefore) {
  FakeDrone d(pairOfDriver("simulated"));
  const v1::Port b = d.listed("b").value();
  EXPECT_EQ(b.rx_backend(), "turbo-generic");
  EXPECT_EQ(b.rx_backend_reason().find("auto for driver"), std::string::npos) << b.rx_backend_reason();
}

TEST(AutoReceive, InKernelCountingThatCannotOpenFallsBackToLibpcapSayingWhy) {
  FakeDrone d(pairOfDriver("veth"));
  ASSERT_TRUE(d.configure("b", [](v1::PortConfig& c) { c.set_rx_backend(v1::PortConfig::RX_PCAP); }).ok());
  d.hardware().failNextOpen("b", "another XDP program is attached");
  ASSERT_TRUE(d.configure("b", [](v1::PortConfig& c) { c.set_rx_backend(v1::PortConfig::RX_AUTO); }).ok());
  const v1::Port b = d.listed("b").value();
  EXPECT_EQ(b.rx_backend(), "pcap");
  EXPECT_NE(b.rx_backend_reason().find("not in-kernel counting: another XDP program is attached"), std::string::npos)
      << b.rx_backend_reason();
}

TEST(AutoReceive, AskedForExplicitlyInKernelCountingCountsEverything) {
  FakeDrone d(inKernelPair(2));
  ASSERT_TRUE(d.configure("b", [](v1::PortConfig& c) { c.set_rx_backend(v1::PortConfig::RX_XDP_COUNT); }).ok());
  EXPECT_EQ(d.listed("b")->rx_backend(), "xdp-count");
  d.runToEnd("a", {udpStream(1, 2000)});
  const auto snap = d.waitReceived("b", 1, 2000);
  EXPECT_EQ(receivedOf(snap, "a", 1, "b"), 2000u);
}


TEST(AutoReceive, CountingAtTcIsAskedForByName) {
  FakeDrone d(inKernelPair(1));
  ASSERT_TRUE(d.configure("b", [](v1::PortConfig& c) { c.set_rx_backend(v1::PortConfig::RX_TC_COUNT); }).ok());
  const v1::Port b = d.listed("b").value();
  EXPECT_EQ(b.rx_backend(), "tc-count");
  EXPECT_EQ(b.config().rx_backend(), v1::PortConfig::RX_TC_COUNT);
  d.runToEnd("a", {udpStream(1, 200)});
  EXPECT_EQ(receivedOf(d.waitReceived("b", 1, 200), "a", 1, "b"), 200u);
}

}  // namespace
}  // namespace staccato::drone::test
