// Reservations: a port reserved by one client refuses every change by another (configure,
// streams, start, stop, clear), the owner or a forced release frees it, clearing every port
// skips the ports others reserved, and a reservation needs a client id.
#include <gtest/gtest.h>

#include "tests/drone/drone_test_util.h"

namespace staccato::drone::test {
namespace {

const std::string kAlice = "alice@lab-pc";
const std::string kBob = "bob@desk";

class Reservations : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(d.setStreams("a", {continuousStream(1, 1000)}).ok());
    ASSERT_TRUE(d.core().reserve("a", kAlice).ok());
  }
  FakeDrone d;
};

TEST_F(Reservations, ThePortListSaysWhoReservedAPort) {
  EXPECT_EQ(d.listed("a")->reserved_by(), kAlice);
  EXPECT_EQ(d.listed("b")->reserved_by(), "");
}

TEST_F(Reservations, AnotherClientCanChangeNothingOnAReservedPort) {
  const Error taken = errors::reservedByOther("a", kAlice);
  EXPECT_FAILS_WITH(d.configure("a", [](v1::PortConfig& c) { c.set_tx_queues(1); }, kBob), taken);
  EXPECT_FAILS_WITH(d.core().canSetStreams("a", kBob), taken);
  EXPECT_FAILS_WITH(d.setStreams("a", {udpStream(9, 1)}, kBob), taken);
  EXPECT_FAILS_WITH(d.core().startTx({"a"}, kBob), taken);
  EXPECT_FAILS_WITH(d.core().clearStats({"a"}, kBob), taken);
  EXPECT_FAILS_WITH(d.core().reserve("a", kBob), taken);
  EXPECT_FAILS_WITH(d.core().release("a", kBob, false), taken);
  EXPECT_FAILS_WITH(d.core().stopTx({"a"}, kBob), taken);
  // Nothing changed: the streams are alice's, the port does not send.
  EXPECT_EQ((*d.core().getStreams("a"))->Get(0).id(), 1u);
  EXPECT_FALSE(d.transmitting("a"));
  EXPECT_EQ(d.listed("a")->config().tx_queues(), 0u);
}

TEST_F(Reservations, AnotherClientCannotStopTheOwnersRun) {
  ASSERT_TRUE(d.core().startTx({"a"}, kAlice).ok());
  EXPECT_FAILS_WITH(d.core().stopTx({"a"}, kBob), errors::reservedByOther("a", kAlice));
  EXPECT_FAILS_WITH(d.core().stopTx({"b", "a"}, kBob), errors::reservedByOther("a", kAlice));
  EXPECT_TRUE(d.transmitting("a"));
  EXPECT_TRUE(d.core().stopTx({"a"}, kAlice).ok());
  EXPECT_FALSE(d.transmitting("a"));
}

TEST_F(Reservations, ARunNamingAReservedPortStartsNoneOfItsPorts) {
  ASSERT_TRUE(d.setStreams("b", {continuousStream(2, 1000)}, kBob).ok());
  EXPECT_FAILS_WITH(d.core().startTx({"b", "a"}, kBob), errors::reservedByOther("a", kAlice));
  EXPECT_FALSE(d.transmitting("b"));
}

TEST_F(Reservations, TheOwnerUsesThePortAndReleasesIt) {
  EXPECT_TRUE(d.configure("a", [](v1::PortConfig& c) { c.set_tx_queues(1); }, kAlice).ok());
  EXPECT_TRUE(d.core().reserve("a", kAlice).ok()) << "reserving one's own port again";
  ASSERT_TRUE(d.core().release("a", kAlice, false).ok());
  EXPECT_EQ(d.listed("a")->reserved_by(), "");
  EXPECT_TRUE(d.setStreams("a", {udpStream(9, 1)}, kBob).ok()) << "a released port is anyone's";
  EXPECT_TRUE(d.core().reserve("a", kBob).ok());
  EXPECT_EQ(d.listed("a")->reserved_by(), kBob);
}

TEST_F(Reservations, AForcedReleaseFreesAnotherClientsPort) {
  ASSERT_TRUE(d.core().release("a", kBob, true).ok());
  EXPECT_EQ(d.listed("a")->reserved_by(), "");
  EXPECT_TRUE(d.core().startTx({"a"}, kBob).ok());
  EXPECT_TRUE(d.core().stopTx({"a"}, kBob).ok());
}

TEST_F(Reservations, ClearingEveryPortSkipsThePortsOthersReserved) {
  ASSERT_TRUE(d.core().release("a", kAlice, false).ok());
  d.runToEnd("a", {udpStream(1, 100)});
  d.runToEnd("b", {udpStream(2, 100)});
  d.waitReceived("a", 2, 100);
  d.waitReceived("b", 1, 100);
  ASSERT_TRUE(d.core().reserve("a", kAlice).ok());
  ASSERT_TRUE(d.core().clearStats({}, kBob).ok()) << "an empty list: every port bob may change";
  const v1::StatsSnapshot snap = d.core().collect();
  EXPECT_EQ(portRow(snap, "a")->drone_tx_packets(), 100u) << "alice's port was cleared by bob";
  EXPECT_EQ(portRow(snap, "a")->tx_packets(), 100u);
  EXPECT_EQ(receivedOf(snap, "b", 2, "a"), 100u);
  EXPECT_EQ(portRow(snap, "b")->drone_tx_packets(), 0u) << "bob's own port was not cleared";
  EXPECT_EQ(portRow(snap, "b")->rx_packets(), 0u);
  EXPECT_EQ(streamRow(snap, "a", 1, "b"), nullptr) << "b's receive counts were not cleared";
}

TEST_F(Reservations, ReservingNeedsAClientIdAndAPort) {
  EXPECT_FAILS_WITH(d.core().reserve("b", ""), errors::noClientToReserve());
  EXPECT_EQ(d.listed("b")->reserved_by(), "");
  EXPECT_FAILS_WITH(d.core().reserve("nope", kBob), errors::noSuchPort("nope"));
  EXPECT_FAILS_WITH(d.core().release("nope", kBob, true), errors::noSuchPort("nope"));
}

TEST_F(Reservations, AClientWithoutAnIdIsAnotherClientToo) {
  EXPECT_FAILS_WITH(d.core().startTx({"a"}, ""), errors::reservedByOther("a", kAlice));
  EXPECT_TRUE(d.setStreams("b", {udpStream(2, 1)}, "").ok()) << "unreserved ports take anyone's changes";
}

}  // namespace
}  // namespace staccato::drone::test
