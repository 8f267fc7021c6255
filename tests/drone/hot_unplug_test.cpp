// Interfaces that go away and come back (FakePortSource::unplug/plug; the drone notices at its
// next refresh): a port that vanishes while sending stops, leaves the port list but keeps its
// stats row with an error that says what happened; back again it is listed without the error;
// the other ports go on.
#include <gtest/gtest.h>

#include "tests/drone/drone_test_util.h"

namespace staccato::drone::test {
namespace {

/// Unplugs `port` and lets the drone notice.
void unplug(FakeDrone& d, const std::string& port) {
  d.hardware().unplug(port);
  d.core().refresh();
}

void plug(FakeDrone& d, const std::string& port) {
  d.hardware().plug(port);
  d.core().refresh();
}

/// Starts a continuous stream `id` on `port` and waits until it has sent something.
void startSending(FakeDrone& d, const std::string& port, uint32_t id) {
  ASSERT_TRUE(d.setStreams(port, {continuousStream(id, 5000)}).ok());
  ASSERT_TRUE(d.core().startTx({port}, "").ok());
  ASSERT_TRUE(waitUntil([&] { return d.sent(port, id) > 0; }));
}

TEST(HotUnplug, APortThatVanishesWhileSendingStopsAndKeepsItsRowWithTheReason) {
  FakeDrone d;
  startSending(d, "a", 1);
  unplug(d, "a");
  EXPECT_FALSE(d.listed("a")) << "a vanished port is still listed";
  const v1::StatsSnapshot snap = d.core().collect();
  const v1::PortStats* a = portRow(snap, "a");
  ASSERT_NE(a, nullptr) << "the port's last counts went with it";
  EXPECT_EQ(a->error(), errors::vanishedWhileSending("a"));
  EXPECT_FALSE(a->transmitting());
  EXPECT_GT(a->drone_tx_packets(), 0u);
  ASSERT_NE(streamRow(snap, "a", 1, ""), nullptr) << "its stream's transmit row went too";
  const uint64_t last = streamRow(snap, "a", 1, "")->tx_packets();
  std::this_thread::sleep_for(20ms);
  EXPECT_EQ(d.sent("a", 1), last) << "a vanished port still sends";
  EXPECT_FAILS_WITH(d.core().startTx({"a"}, ""), errors::noSuchPort("a"));
  EXPECT_FAILS_WITH(d.configure("a", [](v1::PortConfig&) {}), errors::noSuchPort("a"));
}

TEST(HotUnplug, APortThatComesBackIsListedWithoutTheOldErrorAndSendsAgain) {
  FakeDrone d;
  startSending(d, "a", 1);
  unplug(d, "a");
  plug(d, "a");
  const auto a = d.listed("a");
  ASSERT_TRUE(a) << "the port came back but is not listed";
  EXPECT_EQ(a->error(), "");
  EXPECT_FALSE(a->transmitting());
  EXPECT_EQ(portRow(d.core().collect(), "a")->error(), "");
  d.runToEnd("a", {udpStream(2, 100)});
  EXPECT_EQ(d.sent("a", 2), 100u);
  EXPECT_EQ(receivedOf(d.waitReceived("b", 2, 100), "a", 2, "b"), 100u) << "b no longer receives from a";
}

TEST(HotUnplug, TheOtherPortGoesOnSending) {
  FakeDrone d;
  startSending(d, "a", 1);
  startSending(d, "b", 2);
  unplug(d, "a");
  const uint64_t before = d.sent("b", 2);
  ASSERT_TRUE(waitUntil([&] { return d.sent("b", 2) > before + 50; })) << "b stopped when a went away";
  const auto b = d.listed("b");
  ASSERT_TRUE(b);
  EXPECT_TRUE(b->transmitting());
  EXPECT_EQ(b->error(), "");
  EXPECT_TRUE(d.core().stopTx({"b"}, "").ok());
}

TEST(HotUnplug, TheSenderGoesOnWhenTheReceivingPortVanishesAndIsCountedAgainWhenItReturns) {
  FakeDrone d;
  startSending(d, "a", 1);
  ASSERT_GE(receivedOf(d.waitReceived("b", 1, 200), "a", 1, "b"), 200u);
  const uint64_t sentBeforeUnplug = d.sent("a", 1);
  unplug(d, "b");
  EXPECT_FALSE(d.listed("b"));
  v1::StatsSnapshot snap = d.core().collect();
  EXPECT_EQ(portRow(snap, "b"), nullptr) << "an idle port that vanished keeps no row";
  EXPECT_EQ(streamRow(snap, "a", 1, "b"), nullptr) << "receive counts of a vanished port";
  EXPECT_TRUE(portRow(snap, "a")->transmitting());
  EXPECT_EQ(portRow(snap, "a")->error(), "");

  plug(d, "b");
  snap = d.waitReceived("b", 1, 50);
  const v1::StreamStats* row = streamRow(snap, "a", 1, "b");
  ASSERT_NE(row, nullptr) << "b's receiver did not open again";
  EXPECT_LE(row->rx_packets(), row->tx_packets() - sentBeforeUnplug) << "b's counts from before it went away";
  EXPECT_TRUE(d.core().stopTx({"a"}, "").ok());
}

TEST(HotUnplug, APortThatStoppedBeforeItVanishedHasNoError) {
  FakeDrone d;
  d.runToEnd("a", {udpStream(1, 20)});
  unplug(d, "a");
  EXPECT_EQ(portRow(d.core().collect(), "a"), nullptr);
  plug(d, "a");
  const v1::StatsSnapshot snap = d.core().collect();
  ASSERT_NE(portRow(snap, "a"), nullptr);
  EXPECT_EQ(portRow(snap, "a")->error(), "");
}

TEST(HotUnplug, AFailedSendBeforeTheRefreshIsReportedAsTheVanishing) {
  FakeDrone d;
  startSending(d, "a", 1);
  d.hardware().unplug("a");
  // The workers see the failing sends first and stop by themselves.
  ASSERT_TRUE(d.waitStopped("a"));
  d.core().refresh();
  EXPECT_EQ(portRow(d.core().collect(), "a")->error(), errors::vanishedWhileSending("a"));
}

TEST(HotUnplug, PortsThatCannotBeReadHaveNotVanished) {
  // As when the drone has no descriptor left: before, every port read as gone, the senders
  // stopped, and at the next refresh the ports came back with their error cleared.
  FakeDrone d;
  startSending(d, "a", 1);
  d.hardware().failNextDiscovery("cannot list the interfaces: Too many open files");
  d.core().refresh();
  ASSERT_TRUE(d.listed("a")) << "a port that could not be read left the list";
  EXPECT_TRUE(d.listed("a")->transmitting());
  d.core().refresh();  // works again
  const uint64_t before = d.sent("a", 1);
  ASSERT_TRUE(waitUntil([&] { return d.sent("a", 1) > before + 50; })) << "a stopped sending";
  const auto a = d.listed("a");
  ASSERT_TRUE(a);
  EXPECT_TRUE(a->transmitting());
  EXPECT_EQ(a->error(), "");
  EXPECT_TRUE(d.core().stopTx({"a"}, "").ok());
}

}  // namespace
}  // namespace staccato::drone::test
