// What a port's run sends of each stream: sequential runs follow each stream's "after" (next,
// stop, go to the first or to a row, at most loop_count times; rows count disabled streams too),
// interleaved runs send all streams at once at their own rates, several queues together send
// exactly the count, and disabled streams send nothing; a start counts its streams afresh.
#include <gtest/gtest.h>

#include "tests/drone/drone_test_util.h"

namespace staccato::drone::test {
namespace {

using C = v1::Control;

/// Waits until `rxPort` counted `packets` of stream `id` from `txPort` and checks that nothing
/// was lost or counted twice.
void expectAllArrived(FakeDrone& d, const std::string& txPort, uint32_t id, uint64_t packets,
                      const std::string& rxPort = "b") {
  const v1::StatsSnapshot snap = d.waitReceived(rxPort, id, packets);
  const v1::StreamStats* row = streamRow(snap, txPort, id, rxPort);
  ASSERT_NE(row, nullptr) << "no paired row for stream " << id;
  EXPECT_EQ(row->tx_packets(), packets) << "stream " << id;
  EXPECT_EQ(row->rx_packets(), packets) << "stream " << id;
  EXPECT_EQ(row->lost(), 0u) << "stream " << id;
  EXPECT_EQ(row->duplicates(), 0u) << "stream " << id;
}

TEST(Sequential, EachStreamRunsOnceInOrderAndStopEndsThePort) {
  FakeDrone d;
  d.runToEnd("a", {udpStream(1, 30), then(udpStream(2, 50), C::STOP), udpStream(3, 70)});
  EXPECT_EQ(d.sent("a", 1), 30u);
  EXPECT_EQ(d.sent("a", 2), 50u);
  EXPECT_EQ(d.sent("a", 3), 0u) << "a stream after STOP was sent";
  expectAllArrived(d, "a", 2, 50);
}

TEST(Sequential, GotoFirstRepeatsTheSequenceLoopCountTimesMore) {
  FakeDrone d;
  d.runToEnd("a", {udpStream(1, 3), then(udpStream(2, 2), C::GOTO_FIRST, 2), udpStream(3, 5)});
  EXPECT_EQ(d.sent("a", 1), 9u) << "the first run and 2 jumps back";
  EXPECT_EQ(d.sent("a", 2), 6u);
  EXPECT_EQ(d.sent("a", 3), 5u) << "after its last jump, a GOTO goes on with the next stream";
  // Sequence numbers carry on when a stream comes round again: no loss, no duplicates.
  expectAllArrived(d, "a", 1, 9);
  expectAllArrived(d, "a", 2, 6);
}

TEST(Sequential, GotoStreamCountsDisabledRows) {
  FakeDrone d;
  // Rows: 0 A, 1 disabled, 2 B, 3 C (go to row 2 = B, once). Counting only enabled rows, row 2
  // would be C itself and B would run once.
  d.runToEnd("a", {udpStream(1, 2), disabled(udpStream(2, 100)), udpStream(3, 4),
                   then(udpStream(4, 3), C::GOTO_STREAM, 1, 2)});
  EXPECT_EQ(d.sent("a", 1), 2u);
  EXPECT_EQ(d.sent("a", 2), 0u);
  EXPECT_EQ(d.sent("a", 3), 8u) << "GOTO_STREAM 2 must jump to the third row (B)";
  EXPECT_EQ(d.sent("a", 4), 6u);
}

TEST(Sequential, GotoADisabledRowGoesOnWithTheNextEnabledOne) {
  FakeDrone d;
  // Rows: 0 disabled, 1 A, 2 disabled, 3 B (go to row 2, twice): the jump lands on B.
  d.runToEnd("a", {disabled(udpStream(1, 100)), udpStream(2, 5), disabled(udpStream(3, 100)),
                   then(udpStream(4, 4), C::GOTO_STREAM, 2, 2)});
  EXPECT_EQ(d.sent("a", 2), 5u) << "the jump went back to A";
  EXPECT_EQ(d.sent("a", 4), 12u) << "the jump to row 2 did not land on B";
}

TEST(Sequential, TwoQueuesSendExactlyTheCountOfEverySequence) {
  FakeDrone d;
  ASSERT_TRUE(d.configure("a", [](v1::PortConfig& c) { c.set_tx_queues(2); }).ok());
  d.runToEnd("a", {udpStream(1, 1001), then(udpStream(2, 7), C::GOTO_FIRST, 1)});
  EXPECT_EQ(d.listed("a")->active_queues(), 2u);
  EXPECT_EQ(d.sent("a", 1), 2002u);
  EXPECT_EQ(d.sent("a", 2), 14u);
  expectAllArrived(d, "a", 1, 2002);
  expectAllArrived(d, "a", 2, 14);
}

TEST(Interleaved, FiniteStreamsRunTogetherAndEachSendsItsCount) {
  FakeDrone d;
  ASSERT_TRUE(d.configure("a", [](v1::PortConfig& c) { c.set_tx_mode(v1::PortConfig::INTERLEAVED); }).ok());
  // All three last 150 ms.
  ASSERT_TRUE(d.setStreams("a", {udpStream(1, 600, 4000), udpStream(2, 150, 1000), udpStream(3, 75, 500)}).ok());
  ASSERT_TRUE(d.core().startTx({"a"}, "").ok());
  ASSERT_TRUE(waitUntil([&] { return d.sent("a", 1) >= 200; }));
  // A sequential run would not have begun the second stream before the first one's end.
  EXPECT_GT(d.sent("a", 2), 0u) << "the streams did not run together";
  EXPECT_GT(d.sent("a", 3), 0u) << "the streams did not run together";
  ASSERT_TRUE(d.waitStopped("a"));
  EXPECT_EQ(d.sent("a", 1), 600u);
  EXPECT_EQ(d.sent("a", 2), 150u);
  EXPECT_EQ(d.sent("a", 3), 75u);
  expectAllArrived(d, "a", 3, 75);
}

TEST(Interleaved, ContinuousStreamsSendAtTheirOwnRates) {
  FakeDrone d;
  ASSERT_TRUE(d.configure("a", [](v1::PortConfig& c) { c.set_tx_mode(v1::PortConfig::INTERLEAVED); }).ok());
  ASSERT_TRUE(d.setStreams("a", {continuousStream(1, 8000), continuousStream(2, 2000)}).ok());
  ASSERT_TRUE(d.core().startTx({"a"}, "").ok());
  ASSERT_TRUE(waitUntil([&] { return d.sent("a", 1) >= 800; }));
  ASSERT_TRUE(d.core().stopTx({"a"}, "").ok());
  const double fast = double(d.sent("a", 1)), slow = double(d.sent("a", 2));
  ASSERT_GT(slow, 0);
  EXPECT_NEAR(fast / slow, 4.0, 0.6) << fast << " and " << slow << " packets: not at 8000 and 2000 pps";
}

TEST(Interleaved, TwoQueuesSendExactlyTheCountOfEachStream) {
  FakeDrone d;
  ASSERT_TRUE(d.configure("a", [](v1::PortConfig& c) {
                 c.set_tx_mode(v1::PortConfig::INTERLEAVED);
                 c.set_tx_queues(2);
               }).ok());
  d.runToEnd("a", {udpStream(1, 501), udpStream(2, 333)});
  EXPECT_EQ(d.listed("a")->active_queues(), 2u);
  EXPECT_EQ(d.sent("a", 1), 501u);
  EXPECT_EQ(d.sent("a", 2), 333u);
  expectAllArrived(d, "a", 1, 501);
  expectAllArrived(d, "a", 2, 333);
}

TEST(Bookkeeping, DisabledStreamsSendNothingAndHaveNoRows) {
  FakeDrone d;
  d.runToEnd("a", {disabled(udpStream(1, 40)), udpStream(2, 40), disabled(udpStream(3, 40))});
  expectAllArrived(d, "a", 2, 40);
  const v1::StatsSnapshot snap = d.core().collect();
  EXPECT_EQ(rowsOfStream(snap, 1), 0u);
  EXPECT_EQ(rowsOfStream(snap, 3), 0u);
  EXPECT_EQ(portRow(snap, "a")->drone_tx_packets(), 40u);
  EXPECT_EQ(portRow(snap, "b")->rx_packets(), 40u) << "disabled streams reached the wire";
}

TEST(Bookkeeping, BothPortsSendAtOnceEachToTheOther) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {udpStream(1, 400)}).ok());
  ASSERT_TRUE(d.setStreams("b", {udpStream(2, 300)}).ok());
  ASSERT_TRUE(d.core().startTx({"a", "b"}, "").ok());
  ASSERT_TRUE(d.waitStopped("a") && d.waitStopped("b"));
  expectAllArrived(d, "a", 1, 400, "b");
  expectAllArrived(d, "b", 2, 300, "a");
}

TEST(Restart, AStartCountsItsStreamsAfreshWhereTheyAreReceived) {
  // A run, then the same streams loaded and started again without ClearStats: the second run's
  // frames (sequence 0 again) are its own, not duplicates of the first's. Stream 9, not
  // restarted, keeps its counts.
  FakeDrone d;
  d.runToEnd("a", {udpStream(1, 100), udpStream(9, 40)});
  expectAllArrived(d, "a", 1, 100);
  d.runToEnd("a", {udpStream(1, 60)});
  expectAllArrived(d, "a", 1, 60);
  const v1::StatsSnapshot snap = d.core().collect(false);
  const v1::StreamStats* kept = streamRow(snap, "", 9, "b");
  ASSERT_NE(kept, nullptr);
  EXPECT_EQ(kept->rx_packets(), 40u) << "a stream the start did not send keeps what it received";
}

}  // namespace
}  // namespace staccato::drone::test
