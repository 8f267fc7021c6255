// Captures on fake ports: what a capture keeps (filter, direction, bound, the ring's last
// frames), the signature frames a turbo-like receiver takes from the kernel's taps, memory and
// reservations, ports that go away, and what the pcapng holds.
#include <gtest/gtest.h>

#include "common/files/pcapng_file.h"
#include "common/packet/signature_layout.h"
#include "drone/capture/capture_pcapng.h"
#include "common/core/clock.h"
#include "rpc/message_limits.h"
#include "tests/drone/drone_test_util.h"

namespace staccato::drone::test {
namespace {

CaptureSpec spec(std::string filter = "", CaptureBound bound = CaptureBound::kPackets, uint64_t limit = 100000,
                 v1::CaptureDirection direction = v1::CAPTURE_BOTH) {
  return {.filter = std::move(filter), .bound = bound, .limit = limit, .direction = direction};
}

v1::PortCapture statusOf(DroneCore& core, const std::string& port) {
  auto r = core.captureStatus({port});
  EXPECT_TRUE(r.ok()) << r.error().toString();
  return r.ok() && r->captures_size() == 1 ? r->captures(0) : v1::PortCapture();
}

/// The port's capture as the pcapng FetchCapture sends, read back.
std::vector<PcapPacket> fetched(DroneCore& core, const std::string& port, size_t* chunks = nullptr) {
  auto c = core.fetchCapture(port);
  EXPECT_TRUE(c.ok()) << c.error().toString();
  if (!c) return {};
  std::vector<uint8_t> file;
  size_t n = 0;
  EXPECT_TRUE(writeCapturePcapng(**c, captureInterface(**c, "test"), rpc::kCaptureChunkBytes, [&](std::span<const uint8_t> d) {
    EXPECT_LE(d.size(), rpc::kCaptureChunkBytes);
    file.insert(file.end(), d.begin(), d.end());
    ++n;
    return true;
  }));
  EXPECT_EQ(file.size(), capturePcapngBytes(**c, captureInterface(**c, "test")));
  if (chunks) *chunks = n;
  auto packets = parsePcapng(file);
  EXPECT_TRUE(packets.ok()) << packets.error().toString();
  return packets ? *packets : std::vector<PcapPacket>{};
}

uint32_t sequenceOf(const PcapPacket& p) {
  const uint8_t* s = p.data.data() + p.data.size() - kSignatureBytes + kSigSeqOffset;
  return uint32_t{s[0]} << 24 | uint32_t{s[1]} << 16 | uint32_t{s[2]} << 8 | s[3];
}

uint16_t udpDstPort(const PcapPacket& p) { return static_cast<uint16_t>(p.data[36] << 8 | p.data[37]); }

v1::Stream toPort(v1::Stream s, int udpPort) {
  (*s.mutable_layers(2)->mutable_fields())["udp.dstport"] = std::to_string(udpPort);
  return s;
}

v1::Stream plain(v1::Stream s) {
  s.mutable_layers()->RemoveLast();  // no signature
  return s;
}

/// Sends the streams from `port` and waits until they are all sent and the capture holds
/// `expected` frames (the wire is asynchronous).
void sendAndSettle(FakeDrone& d, const std::string& port, const std::vector<v1::Stream>& streams,
                   const std::string& capturePort, uint64_t expected) {
  d.runToEnd(port, streams);
  EXPECT_TRUE(waitUntil([&] { return statusOf(d.core(), capturePort).seen() >= expected; }))
      << "seen " << statusOf(d.core(), capturePort).seen() << " of " << expected;
}

TEST(Capture, ReceivedFramesArriveWholeWithTheirDirectionAndTime) {
  FakeDrone d;
  ASSERT_TRUE(d.core().startCapture("b", spec(), "").ok());
  EXPECT_EQ(statusOf(d.core(), "b").state(), v1::PortCapture::RUNNING);
  const uint64_t before = realtimeNs();
  sendAndSettle(d, "a", {plain(udpStream(1, 100))}, "b", 100);
  EXPECT_FAILS_WITH(d.core().fetchCapture("b"), errors::captureStillRunning("b"));
  ASSERT_TRUE(d.core().stopCapture("b", "", false).ok());
  const v1::PortCapture st = statusOf(d.core(), "b");
  EXPECT_EQ(st.state(), v1::PortCapture::STOPPED);
  EXPECT_EQ(st.packets(), 100u);
  EXPECT_EQ(st.bytes(), 100u * 124);  // 128-byte frames without FCS
  EXPECT_GT(st.ended_ns(), st.started_ns());
  const auto packets = fetched(d.core(), "b");
  ASSERT_EQ(packets.size(), 100u);
  const auto sent = staccato::test::buildFrames(plain(udpStream(1, 100)), 1);
  EXPECT_EQ(packets[0].data, sent[0]);
  for (const auto& p : packets) {
    EXPECT_EQ(p.direction, PacketDirection::kInbound);
    EXPECT_GE(p.timestampNs, before);
    EXPECT_LE(p.timestampNs, realtimeNs());
  }
}

TEST(Capture, TheFilterKeepsOnlyWhatItMatches) {
  FakeDrone d;
  ASSERT_TRUE(d.core().startCapture("b", spec("udp dst port 2000"), "").ok());
  sendAndSettle(d, "a", {toPort(plain(udpStream(1, 50)), 1000), toPort(plain(udpStream(2, 30)), 2000)}, "b", 30);
  ASSERT_TRUE(d.core().stopCapture("b", "", false).ok());
  const auto packets = fetched(d.core(), "b");
  ASSERT_EQ(packets.size(), 30u);
  for (const auto& p : packets) EXPECT_EQ(udpDstPort(p), 2000);
}

TEST(Capture, ABadFilterIsRefusedWithLibpcapsMessage) {
  FakeDrone d;
  const Status s = d.core().startCapture("b", spec("udp port nonsense"), "");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().path, "filter");
  EXPECT_NE(s.error().message.find("nonsense"), std::string::npos) << s.error().message;
  EXPECT_EQ(statusOf(d.core(), "b").state(), v1::PortCapture::STATE_NONE) << "nothing started";
  EXPECT_TRUE(d.core().startCapture("b", spec("udp"), "").ok()) << "the port is not left starting";
}

TEST(Capture, DirectionSelectsSentOrReceivedFrames) {
  FakeDrone d;
  // Turbo transmit passes no kernel tap (AF_XDP): send with the libpcap stand-in.
  ASSERT_TRUE(d.configure("a", [](v1::PortConfig& c) { c.set_backend(v1::PortConfig::PCAP); }).ok());
  ASSERT_TRUE(d.core().startCapture("a", spec("", CaptureBound::kPackets, 1000, v1::CAPTURE_TX), "").ok());
  ASSERT_TRUE(d.core().startCapture("b", spec("", CaptureBound::kPackets, 1000, v1::CAPTURE_TX), "").ok());
  sendAndSettle(d, "a", {plain(udpStream(1, 40))}, "a", 40);
  ASSERT_TRUE(d.core().stopCapture("a", "", false).ok());
  ASSERT_TRUE(d.core().stopCapture("b", "", false).ok());
  const auto sent = fetched(d.core(), "a");
  ASSERT_EQ(sent.size(), 40u);
  for (const auto& p : sent) EXPECT_EQ(p.direction, PacketDirection::kOutbound);
  EXPECT_EQ(fetched(d.core(), "b").size(), 0u) << "b only received";

  ASSERT_TRUE(d.core().startCapture("a", spec("", CaptureBound::kPackets, 1000, v1::CAPTURE_RX), "").ok());
  d.runToEnd("a", {plain(udpStream(1, 40))});
  std::this_thread::sleep_for(50ms);
  ASSERT_TRUE(d.core().stopCapture("a", "", false).ok());
  EXPECT_EQ(fetched(d.core(), "a").size(), 0u) << "a only sent";
}

TEST(Capture, ACaptureOfWhatATurboPortSendsHoldsItFromTheWorkers) {
  // AF_XDP passes no kernel tap: the transmit workers hand their sent frames to the capture.
  FakeDrone d;
  ASSERT_TRUE(d.core().startCapture("a", spec(), "").ok());
  ASSERT_TRUE(d.core().startCapture("b", spec(), "").ok());
  d.runToEnd("a", {plain(udpStream(1, 10))});
  ASSERT_TRUE(d.listed("a")->backend().starts_with("turbo")) << d.listed("a")->backend();
  EXPECT_EQ(statusOf(d.core(), "a").seen(), 10u);
  ASSERT_TRUE(d.core().stopCapture("a", "", false).ok());
  const auto sent = fetched(d.core(), "a");
  ASSERT_EQ(sent.size(), 10u);
  for (const auto& f : sent) EXPECT_EQ(f.direction, PacketDirection::kOutbound) << "marked as sent";
  ASSERT_TRUE(d.core().stopCapture("b", "", false).ok());
  EXPECT_EQ(fetched(d.core(), "b").size(), 10u) << "and they arrive at b";

  // A receive-only capture gets none of them; after a stop, a new run hands nothing to the old one.
  ASSERT_TRUE(d.core().startCapture("a", spec("", CaptureBound::kPackets, 100, v1::CAPTURE_RX), "").ok());
  d.runToEnd("a", {plain(udpStream(1, 10))});
  EXPECT_EQ(statusOf(d.core(), "a").seen(), 0u);
  ASSERT_TRUE(d.core().stopCapture("a", "", false).ok());
  d.runToEnd("a", {plain(udpStream(1, 10))});
  EXPECT_EQ(statusOf(d.core(), "a").seen(), 0u);
}

TEST(Capture, APacketBoundEndsTheCaptureWithExactlyThatMany) {
  FakeDrone d;
  ASSERT_TRUE(d.core().startCapture("b", spec("", CaptureBound::kPackets, 25), "").ok());
  d.runToEnd("a", {plain(udpStream(1, 100))});
  ASSERT_TRUE(waitUntil([&] { return statusOf(d.core(), "b").state() == v1::PortCapture::DONE; }));
  const v1::PortCapture st = statusOf(d.core(), "b");
  EXPECT_EQ(st.state(), v1::PortCapture::DONE);
  EXPECT_EQ(st.packets(), 25u);
  EXPECT_EQ(st.seen(), 25u);
  EXPECT_EQ(fetched(d.core(), "b").size(), 25u) << "a finished capture is fetched without a stop";
}

TEST(Capture, ANewCaptureReplacesADoneOneWhoseEngineStillRuns) {
  FakeDrone d;
  ASSERT_TRUE(d.core().startCapture("b", spec("", CaptureBound::kPackets, 5), "").ok());
  d.runToEnd("a", {plain(udpStream(1, 20))});
  std::this_thread::sleep_for(50ms);  // done by now; no status call has let go of its engine yet
  ASSERT_TRUE(d.core().startCapture("b", spec(), "").ok());
  sendAndSettle(d, "a", {plain(udpStream(1, 7))}, "b", 7);
  ASSERT_TRUE(d.core().stopCapture("b", "", true).ok());
  EXPECT_FAILS_WITH(d.core().fetchCapture("b"), errors::noCapture("b"));  // discarded
  auto status = d.core().captureStatus({});
  ASSERT_TRUE(status.ok());
  EXPECT_EQ(status->memory_used(), 0u) << "nothing held any more";
}

TEST(Capture, AByteBoundKeepsWholeFramesUpToIt) {
  FakeDrone d;
  ASSERT_TRUE(d.core().startCapture("b", spec("", CaptureBound::kBytes, 124 * 10 + 100), "").ok());
  d.runToEnd("a", {plain(udpStream(1, 100))});
  ASSERT_TRUE(waitUntil([&] { return statusOf(d.core(), "b").state() == v1::PortCapture::DONE; }));
  const v1::PortCapture st = statusOf(d.core(), "b");
  EXPECT_EQ(st.state(), v1::PortCapture::DONE);
  EXPECT_EQ(st.packets(), 10u);
  EXPECT_EQ(st.seen(), 10u) << "the frame that did not fit was not taken";
  EXPECT_EQ(st.bytes(), 1240u);
}

TEST(Capture, TheRingKeepsTheLastFramesAndDropsTheOldestWhole) {
  FakeDrone d(fake::fakePair("a", "b", 1));  // one queue: one sequence of numbers, in order
  ASSERT_TRUE(d.core().startCapture("b", spec("", CaptureBound::kRing, 1 << 20), "").ok());
  const uint64_t n = 20000;  // 20000 x 144 buffer bytes: the 1 MiB ring goes round about 3 times
  sendAndSettle(d, "a", {udpStream(1, n)}, "b", n);
  ASSERT_TRUE(d.core().stopCapture("b", "", false).ok());
  const v1::PortCapture st = statusOf(d.core(), "b");
  EXPECT_EQ(st.seen(), n);
  EXPECT_GE(st.ring_wraps(), 2u);
  EXPECT_EQ(st.packets() + st.ring_dropped(), n);
  EXPECT_EQ(st.packets(), (size_t{1} << 20) / CaptureStore::recordBytes(124)) << "the ring is full";
  const auto packets = fetched(d.core(), "b");
  ASSERT_EQ(packets.size(), st.packets());
  for (size_t i = 0; i < packets.size(); ++i)
    ASSERT_EQ(sequenceOf(packets[i]), n - packets.size() + i) << "packet " << i << ": the last ones, in order";
}

TEST(Capture, SignatureFramesTakenByTurboReceiveAreThereMarkedOnceEach) {
  FakeDrone d;
  ASSERT_EQ(d.listed("b")->rx_backend(), "turbo-generic") << "b stands in for turbo receive";
  ASSERT_TRUE(d.core().startCapture("b", spec(), "").ok());
  sendAndSettle(d, "a", {udpStream(1, 200), plain(udpStream(2, 50))}, "b", 250);
  const v1::StatsSnapshot snap = d.waitReceived("b", 1, 200);
  EXPECT_EQ(receivedOf(snap, "a", 1, "b"), 200u) << "turbo receive counted every signature frame";
  ASSERT_TRUE(d.core().stopCapture("b", "", false).ok());
  const auto packets = fetched(d.core(), "b");
  ASSERT_EQ(packets.size(), 250u) << "each frame once: signature frames from the receiver, the others from the tap";
  size_t marked = 0;
  for (const auto& p : packets) {
    const bool signature = endsWithSignature(p.data);
    EXPECT_EQ(p.comment, signature ? "counted by turbo receive" : "");
    EXPECT_EQ(p.direction, PacketDirection::kInbound);
    marked += signature;
  }
  EXPECT_EQ(marked, 200u);
}

TEST(Capture, TheFilterAppliesToFramesFromTurboReceiveToo) {
  FakeDrone d;
  ASSERT_TRUE(d.core().startCapture("b", spec("udp dst port 2000"), "").ok());
  sendAndSettle(d, "a", {toPort(udpStream(1, 60), 1000), toPort(udpStream(2, 40), 2000)}, "b", 40);
  d.waitReceived("b", 1, 60);
  ASSERT_TRUE(d.core().stopCapture("b", "", false).ok());
  const auto packets = fetched(d.core(), "b");
  ASSERT_EQ(packets.size(), 40u);
  for (const auto& p : packets) EXPECT_EQ(udpDstPort(p), 2000);
}

TEST(Capture, ACaptureRunsOnWhileThePortStartsAndStopsSending) {
  FakeDrone d;
  ASSERT_TRUE(d.core().startCapture("b", spec(), "").ok());
  sendAndSettle(d, "a", {udpStream(1, 30)}, "b", 30);
  sendAndSettle(d, "a", {udpStream(1, 30)}, "b", 60);
  ASSERT_TRUE(d.setStreams("b", {plain(udpStream(3, 10))}).ok());
  ASSERT_TRUE(d.configure("b", [](v1::PortConfig& c) { c.set_backend(v1::PortConfig::PCAP); }).ok());
  sendAndSettle(d, "b", {plain(udpStream(3, 10))}, "b", 70);
  EXPECT_EQ(statusOf(d.core(), "b").state(), v1::PortCapture::RUNNING);
  ASSERT_TRUE(d.core().stopCapture("b", "", false).ok());
  EXPECT_EQ(fetched(d.core(), "b").size(), 70u);
}

TEST(Capture, CapturesShareTheDronesCaptureMemory) {
  DroneLimits limits;
  limits.captureMemoryBytes = 24 << 20;
  FakeDrone d(fake::fakePair("a", "b"), limits);
  ASSERT_TRUE(d.core().startCapture("a", spec("", CaptureBound::kRing, 16 << 20), "").ok());
  EXPECT_FAILS_WITH(d.core().startCapture("b", spec("", CaptureBound::kRing, 10 << 20), ""),
                    errors::captureMemoryFull(10 << 20, 24 << 20, 8 << 20));
  auto status = d.core().captureStatus({});
  ASSERT_TRUE(status.ok());
  EXPECT_EQ(status->memory_bytes(), 24u << 20);
  EXPECT_EQ(status->memory_used(), 16u << 20);
  ASSERT_TRUE(d.core().stopCapture("a", "", false).ok());
  EXPECT_FALSE(d.core().startCapture("b", spec("", CaptureBound::kRing, 10 << 20), "").ok()) << "a stopped capture holds its memory";
  // Replacing a's capture would free its 16 MiB: 24 MiB at most.
  EXPECT_FAILS_WITH(d.core().startCapture("a", spec("", CaptureBound::kRing, 25 << 20), ""),
                    errors::captureMemoryFull(25 << 20, 24 << 20, 24 << 20));
  EXPECT_EQ(statusOf(d.core(), "a").state(), v1::PortCapture::STOPPED) << "a refused start keeps the old capture";
  ASSERT_TRUE(d.core().startCapture("a", spec("", CaptureBound::kRing, 20 << 20), "").ok()) << "it fits once a's old one goes";
  ASSERT_TRUE(d.core().stopCapture("a", "", false).ok());
  ASSERT_TRUE(d.core().stopCapture("a", "", true).ok());
  EXPECT_TRUE(d.core().startCapture("b", spec("", CaptureBound::kRing, 10 << 20), "").ok()) << "discarded: free again";
  // A packet count reserves that many frames of the port's MTU (+ headers, two VLAN tags).
  const size_t perPacket = CaptureStore::recordBytes(1500 + 22);
  EXPECT_FAILS_WITH(d.core().startCapture("a", spec("", CaptureBound::kPackets, 10000), ""),
                    errors::captureMemoryFull(10000 * perPacket, 24 << 20, 14 << 20));
}

TEST(Capture, OneCaptureAPortAndClearErrorsForWhatIsNotThere) {
  FakeDrone d;
  EXPECT_FAILS_WITH(d.core().stopCapture("b", "", false), errors::noCapture("b"));
  EXPECT_FAILS_WITH(d.core().fetchCapture("b"), errors::noCapture("b"));
  EXPECT_FAILS_WITH(d.core().startCapture("nosuch", spec(), ""), errors::noSuchPort("nosuch"));
  EXPECT_FAILS_WITH(d.core().captureStatus({"nosuch"}), errors::noSuchPort("nosuch"));
  ASSERT_TRUE(d.core().startCapture("b", spec(), "").ok());
  EXPECT_FAILS_WITH(d.core().startCapture("b", spec(), ""), errors::alreadyCapturing("b"));
  ASSERT_TRUE(d.core().stopCapture("b", "", false).ok());
  EXPECT_TRUE(d.core().startCapture("b", spec(), "").ok()) << "a new capture replaces a stopped one";
  auto all = d.core().captureStatus({});
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->captures_size(), 1);
  EXPECT_EQ(all->captures(0).port(), "b");
  EXPECT_EQ(statusOf(d.core(), "a").state(), v1::PortCapture::STATE_NONE);
}

TEST(Capture, AnotherClientsReservedPortRefuses) {
  FakeDrone d;
  ASSERT_TRUE(d.core().reserve("b", "alice").ok());
  EXPECT_FAILS_WITH(d.core().startCapture("b", spec(), "bob"), errors::reservedByOther("b", "alice"));
  ASSERT_TRUE(d.core().startCapture("b", spec(), "alice").ok());
  EXPECT_FAILS_WITH(d.core().stopCapture("b", "bob", false), errors::reservedByOther("b", "alice"));
  EXPECT_TRUE(d.core().stopCapture("b", "alice", false).ok());
}

TEST(Capture, APortThatVanishesEndsItsCaptureWithAnErrorAndKeepsWhatItHeld) {
  FakeDrone d;
  ASSERT_TRUE(d.core().startCapture("b", spec(), "").ok());
  sendAndSettle(d, "a", {udpStream(1, 20)}, "b", 20);
  d.hardware().unplug("b");
  d.core().refresh();
  const v1::PortCapture st = statusOf(d.core(), "b");
  EXPECT_EQ(st.state(), v1::PortCapture::FAILED);
  EXPECT_EQ(st.error(), errors::vanishedWhileCapturing("b"));
  EXPECT_EQ(fetched(d.core(), "b").size(), 20u);
  EXPECT_FAILS_WITH(d.core().startCapture("b", spec(), ""), errors::noSuchPort("b"));
  EXPECT_TRUE(d.core().stopCapture("b", "", true).ok()) << "its memory can still be freed";
}

TEST(Capture, ALargeCaptureTravelsInChunksOfAtMostOneMebibyte) {
  FakeDrone d;
  ASSERT_TRUE(d.core().startCapture("b", spec(), "").ok());
  v1::Stream big = plain(udpStream(1, 3000));
  big.mutable_frame_length()->set_fixed(1518);
  sendAndSettle(d, "a", {big}, "b", 3000);
  ASSERT_TRUE(d.core().stopCapture("b", "", false).ok());
  size_t chunks = 0;
  const auto packets = fetched(d.core(), "b", &chunks);
  EXPECT_EQ(packets.size(), 3000u);
  EXPECT_GE(chunks, 5u) << "4.5 MB in pieces";
}

TEST(CaptureSpecCheck, BoundsAndValuesAreCheckedWithTheFieldAndRange) {
  auto error = [](const std::function<void(v1::StartCaptureRequest&)>& change) {
    v1::StartCaptureRequest r;
    change(r);
    auto s = captureSpecFrom(r);
    return s ? std::string() : s.error().toString();
  };
  EXPECT_EQ(error([](auto&) {}), "");
  EXPECT_EQ(error([](auto& r) { r.set_limit_packets(0); }), "limit_packets: 0 is out of range (allowed 1..100000000)");
  EXPECT_EQ(error([](auto& r) { r.set_limit_packets(100000001); }),
            "limit_packets: 100000001 is out of range (allowed 1..100000000)");
  EXPECT_EQ(error([](auto& r) { r.set_limit_bytes(0); }), "limit_bytes: 0 is out of range (allowed 1..1099511627776)");
  EXPECT_EQ(error([](auto& r) { r.set_ring_mb(0); }), "ring_mb: 0 is out of range (allowed 1..1048576)");
  EXPECT_EQ(error([](auto& r) { r.set_ring_mb(1048577); }), "ring_mb: 1048577 is out of range (allowed 1..1048576)");
  EXPECT_EQ(error([](auto& r) { r.set_direction(static_cast<v1::CaptureDirection>(7)); }),
            "direction: 7 is not a direction (allowed: CAPTURE_BOTH, CAPTURE_RX, CAPTURE_TX)");
  EXPECT_EQ(error([](auto& r) { r.set_filter(std::string(4097, 'x')); }), "filter: 4097 characters; at most 4096 are allowed");
  EXPECT_EQ(error([](auto& r) { r.set_filter("udp\n"); }),
            "filter: only printable ASCII is allowed in a BPF filter (found byte 10)");
  auto defaults = captureSpecFrom({});
  ASSERT_TRUE(defaults.ok());
  EXPECT_EQ(defaults->bound, CaptureBound::kRing);
  EXPECT_EQ(defaults->limit, uint64_t{rpc::kDefaultCaptureRingMiB} << 20);
}

}  // namespace
}  // namespace staccato::drone::test
