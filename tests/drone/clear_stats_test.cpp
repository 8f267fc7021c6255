// ClearStats: the named ports (or every port the client may change) start counting from zero:
// the drone's transmit counts, their streams' rows, the receive side and the interface counters
// (which cannot be reset: the drone counts from where they stood).
#include <gtest/gtest.h>

#include "tests/drone/drone_test_util.h"

namespace staccato::drone::test {
namespace {

/// a sent 200 packets of stream 1 to b, b 100 of stream 2 to a; both arrived.
class ClearStats : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(d.setStreams("a", {udpStream(1, 200)}).ok());
    ASSERT_TRUE(d.setStreams("b", {udpStream(2, 100)}).ok());
    ASSERT_TRUE(d.core().startTx({"a", "b"}, "").ok());
    ASSERT_TRUE(d.waitStopped("a") && d.waitStopped("b"));
    d.waitReceived("b", 1, 200);
    d.waitReceived("a", 2, 100);
  }
  FakeDrone d;
};

TEST_F(ClearStats, EveryCountOfTheClearedPortsStartsFromZero) {
  ASSERT_TRUE(d.core().clearStats({}, "").ok());
  const v1::StatsSnapshot snap = d.core().collect();
  for (const std::string port : {"a", "b"}) {
    const v1::PortStats* p = portRow(snap, port);
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->drone_tx_packets(), 0u) << port;
    EXPECT_EQ(p->drone_tx_bytes(), 0u) << port;
    EXPECT_EQ(p->tx_packets(), 0u) << port << ": interface counters";
    EXPECT_EQ(p->rx_packets(), 0u) << port;
    EXPECT_EQ(p->tx_bytes(), 0u) << port;
    EXPECT_EQ(p->rx_bytes(), 0u) << port;
  }
  for (const auto& s : snap.streams()) {
    EXPECT_EQ(s.tx_packets(), 0u) << s.ShortDebugString();
    EXPECT_EQ(s.rx_packets(), 0u) << s.ShortDebugString();
  }
  EXPECT_EQ(streamRow(snap, "a", 1, "b"), nullptr) << "b's receive side of stream 1 survived the clear";
}

TEST_F(ClearStats, TheNextRunCountsFromTheClear) {
  ASSERT_TRUE(d.core().clearStats({"a", "b"}, "").ok());
  d.runToEnd("a", {udpStream(1, 30)});
  const v1::StatsSnapshot snap = d.waitReceived("b", 1, 30);
  EXPECT_EQ(receivedOf(snap, "a", 1, "b"), 30u) << "the receiver still counts the run before the clear";
  EXPECT_EQ(portRow(snap, "a")->tx_packets(), 30u) << "interface counters since the clear";
  EXPECT_EQ(portRow(snap, "b")->rx_packets(), 30u);
  EXPECT_EQ(portRow(snap, "b")->tx_packets(), 0u);
}

TEST_F(ClearStats, OnlyTheNamedPortsAreCleared) {
  ASSERT_TRUE(d.core().clearStats({"b"}, "").ok());
  const v1::StatsSnapshot snap = d.core().collect();
  EXPECT_EQ(portRow(snap, "a")->drone_tx_packets(), 200u);
  EXPECT_EQ(portRow(snap, "a")->tx_packets(), 200u);
  EXPECT_EQ(portRow(snap, "a")->rx_packets(), 100u);
  EXPECT_EQ(receivedOf(snap, "b", 2, "a"), 100u) << "a's receive side was cleared";
  EXPECT_EQ(portRow(snap, "b")->drone_tx_packets(), 0u);
  EXPECT_EQ(portRow(snap, "b")->rx_packets(), 0u);
  ASSERT_NE(streamRow(snap, "a", 1, ""), nullptr) << "a's stream lost its transmit row";
  EXPECT_EQ(streamRow(snap, "a", 1, "")->tx_packets(), 200u);
}

TEST_F(ClearStats, AnUnknownPortClearsNothing) {
  EXPECT_FAILS_WITH(d.core().clearStats({"a", "nope"}, ""), errors::noSuchPort("nope"));
  const v1::StatsSnapshot snap = d.core().collect();
  EXPECT_EQ(portRow(snap, "a")->drone_tx_packets(), 200u);
  EXPECT_EQ(receivedOf(snap, "a", 1, "b"), 200u);
}

TEST(ClearStatsOfASender, ItsLastTransmitErrorGoesAndStaysGone) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {continuousStream(1, 5000)}).ok());
  ASSERT_TRUE(d.core().startTx({"a"}, "").ok());
  // The cable is out for a moment, too short for the drone to see the port go: sends fail.
  d.hardware().unplug("a");
  ASSERT_TRUE(d.waitStopped("a"));
  d.hardware().plug("a");
  ASSERT_NE(d.listed("a")->error(), "") << "a failed send left no error";
  ASSERT_TRUE(d.core().clearStats({"a"}, "").ok());
  EXPECT_EQ(d.listed("a")->error(), "");
  EXPECT_EQ(portRow(d.core().collect(), "a")->error(), "");
  EXPECT_EQ(d.listed("a")->error(), "") << "the cleared error came back";
}

TEST(ClearStatsOfAReceiver, TheFramesItDroppedStartFromZeroToo) {
  auto ports = fake::fakePair("a", "b", 1);
  ports[1].lossless = false;
  ports[1].inboxFrames = 4;
  FakeDrone d(ports);
  d.runToEnd("a", {udpStream(1, 2000)});
  ASSERT_TRUE(waitUntil([&] { return portRow(d.core().collect(), "b")->drone_rx_dropped() > 0; }));
  ASSERT_TRUE(d.core().clearStats({"b"}, "").ok());
  EXPECT_EQ(portRow(d.core().collect(), "b")->drone_rx_dropped(), 0u);
}

}  // namespace
}  // namespace staccato::drone::test
