// Starting and stopping ports on fake ports: a finite run ends by itself with exactly its
// count sent and received, a continuous one sends until stopped, and a start is refused (for
// every port it names, all or none) when a port has nothing to send, already sends or cannot open.
#include <gtest/gtest.h>

#include <cmath>

#include "rpc/message_limits.h"
#include "tests/drone/drone_test_util.h"

namespace staccato::drone::test {
namespace {

TEST(StartStop, AFiniteStreamSendsExactlyItsCountAndThePortStopsByItself) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {udpStream(1, 1000)}).ok());
  ASSERT_TRUE(d.core().startTx({"a"}, "").ok());
  ASSERT_TRUE(d.waitStopped("a")) << "a finite run never ended";
  EXPECT_EQ(d.sent("a", 1), 1000u);
  const v1::StatsSnapshot snap = d.waitReceived("b", 1, 1000);
  const v1::StreamStats* row = streamRow(snap, "a", 1, "b");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->rx_packets(), 1000u);
  EXPECT_EQ(row->lost(), 0u);
  EXPECT_EQ(portRow(snap, "a")->drone_tx_packets(), 1000u);
  EXPECT_EQ(portRow(snap, "a")->tx_packets(), 1000u) << "the interface counted what the workers sent";
  EXPECT_EQ(portRow(snap, "b")->rx_packets(), 1000u);
  EXPECT_FALSE(portRow(snap, "a")->transmitting());
}

TEST(StartStop, AContinuousStreamSendsUntilStopped) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {continuousStream(1, 20000)}).ok());
  ASSERT_TRUE(d.core().startTx({"a"}, "").ok());
  ASSERT_TRUE(waitUntil([&] { return d.sent("a", 1) >= 200; })) << "nothing sent";
  EXPECT_TRUE(d.transmitting("a")) << "a continuous stream stopped by itself";
  ASSERT_TRUE(d.core().stopTx({"a"}, "").ok());
  EXPECT_FALSE(d.transmitting("a")) << "stopTx returns once the port has stopped";
  const uint64_t atStop = d.sent("a", 1);
  std::this_thread::sleep_for(30ms);
  EXPECT_EQ(d.sent("a", 1), atStop) << "packets went out after the stop";
  EXPECT_EQ(receivedOf(d.waitReceived("b", 1, atStop), "a", 1, "b"), atStop) << "b counts what a sent before the stop";
}

TEST(StartStop, ARunsLabelIsInThePortsStatsWhileItSends) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {continuousStream(1, 1000)}).ok());
  StartOptions how;
  how.run.set_name("benchmark 64");
  how.run.set_trial(7);
  how.run.set_load(0.25);
  ASSERT_TRUE(d.core().startTx({"a"}, "", 0, how).ok());
  const v1::StatsSnapshot sending = d.core().collect();
  ASSERT_TRUE(portRow(sending, "a")->has_run());
  EXPECT_EQ(portRow(sending, "a")->run().name(), "benchmark 64");
  EXPECT_EQ(portRow(sending, "a")->run().trial(), 7u);
  EXPECT_DOUBLE_EQ(portRow(sending, "a")->run().load(), 0.25);
  EXPECT_FALSE(portRow(sending, "b")->has_run()) << "b does not send";
  ASSERT_TRUE(d.core().stopTx({"a"}, "").ok());
  EXPECT_FALSE(portRow(d.core().collect(), "a")->has_run()) << "a stopped port runs nothing";
}

TEST(StartStop, ARunLabelThatIsTooLongUnprintableOrNoFractionIsRefused) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {continuousStream(1, 1000)}).ok());
  const auto refused = [&](auto change, const std::string& field) {
    StartOptions how;
    change(how.run);
    const Status s = d.core().startTx({"a"}, "", 0, how);
    EXPECT_FALSE(s.ok());
    if (!s.ok()) EXPECT_EQ(s.error().path, field) << s.error().toString();
    EXPECT_FALSE(d.transmitting("a"));
  };
  refused([](v1::RunLabel& r) { r.set_name(std::string(rpc::kMaxRunLabelBytes + 1, 'x')); }, "run.name");
  refused([](v1::RunLabel& r) { r.set_name("trial\n7"); }, "run.name");
  refused([](v1::RunLabel& r) { r.set_load(std::nan("")); }, "run.load");
  refused([](v1::RunLabel& r) { r.set_load(1.5); }, "run.load");
  StartOptions longest;
  longest.run.set_name(std::string(rpc::kMaxRunLabelBytes, 'x'));
  longest.run.set_load(1);
  EXPECT_TRUE(d.core().startTx({"a"}, "", 0, longest).ok());
}

TEST(StartStop, StoppingAPortThatDoesNotSendIsHarmless) {
  FakeDrone d;
  EXPECT_TRUE(d.core().stopTx({"a"}, "").ok());
  EXPECT_FAILS_WITH(d.core().stopTx({"nope"}, ""), errors::noSuchPort("nope"));
}

TEST(StartStop, APortWithoutEnabledStreamsDoesNotStart) {
  FakeDrone d;
  EXPECT_FAILS_WITH(d.core().startTx({"a"}, ""), errors::noEnabledStreams("a"));
  ASSERT_TRUE(d.setStreams("a", {disabled(udpStream(1, 10)), disabled(udpStream(2, 10))}).ok());
  EXPECT_FAILS_WITH(d.core().startTx({"a"}, ""), errors::noEnabledStreams("a"));
  EXPECT_FALSE(d.transmitting("a"));
}

TEST(StartStop, ASendingPortRefusesAnotherStart) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {continuousStream(1, 1000)}).ok());
  ASSERT_TRUE(d.core().startTx({"a"}, "").ok());
  EXPECT_FAILS_WITH(d.core().startTx({"a"}, ""), errors::alreadySending("a"));
  EXPECT_TRUE(d.transmitting("a")) << "the refused start stopped the run";
  EXPECT_TRUE(d.core().stopTx({"a"}, "").ok());
}

TEST(StartStop, TwoPortsStartAllOrNoneWhenOneCannotOpen) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {continuousStream(1, 1000)}).ok());
  ASSERT_TRUE(d.setStreams("b", {continuousStream(2, 1000)}).ok());
  ASSERT_TRUE(d.configure("b", [](v1::PortConfig& c) { c.set_backend(v1::PortConfig::PCAP); }).ok());
  d.hardware().failNextOpen("b", "the fake device refuses");
  const Status s = d.core().startTx({"a", "b"}, "");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message, "the fake device refuses");
  EXPECT_FALSE(d.transmitting("a")) << "a started although b could not";
  EXPECT_FALSE(d.transmitting("b"));
  EXPECT_EQ(d.sent("a", 1), 0u);
  // Nothing was left half-started: both start now.
  ASSERT_TRUE(d.core().startTx({"a", "b"}, "").ok());
  EXPECT_TRUE(d.transmitting("a"));
  EXPECT_TRUE(d.transmitting("b"));
  EXPECT_TRUE(d.core().stopTx({"a", "b"}, "").ok());
}

TEST(StartStop, AStartNamingASendingPortStartsNoneOfTheOthers) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {continuousStream(1, 1000)}).ok());
  ASSERT_TRUE(d.setStreams("b", {continuousStream(2, 1000)}).ok());
  ASSERT_TRUE(d.core().startTx({"b"}, "").ok());
  EXPECT_FAILS_WITH(d.core().startTx({"a", "b"}, ""), errors::alreadySending("b"));
  EXPECT_FALSE(d.transmitting("a"));
  EXPECT_FAILS_WITH(d.core().startTx({"a", "nope"}, ""), errors::noSuchPort("nope"));
  EXPECT_FALSE(d.transmitting("a"));
  EXPECT_TRUE(d.core().stopTx({"b"}, "").ok());
}

TEST(StartStop, APortNamedTwiceInOneStartStartsOnce) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {udpStream(1, 500)}).ok());
  ASSERT_TRUE(d.core().startTx({"a", "a"}, "").ok()) << "a port named twice is not already sending";
  ASSERT_TRUE(d.waitStopped("a"));
  EXPECT_EQ(d.sent("a", 1), 500u) << "the port ran twice";
  EXPECT_EQ(receivedOf(d.waitReceived("b", 1, 500), "a", 1, "b"), 500u);
}

TEST(StartStop, APortStartsAgainAfterItsRunEndedAndCountsOnlyTheNewRun) {
  FakeDrone d;
  d.runToEnd("a", {udpStream(1, 300)});
  ASSERT_TRUE(d.core().startTx({"a"}, "").ok()) << "a finished port is not sending";
  ASSERT_TRUE(d.waitStopped("a"));
  EXPECT_EQ(d.sent("a", 1), 300u) << "a new run's counts start from 0";
}

TEST(StartStop, ListPortsShowsTheRunningPortAndItsQueues) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {continuousStream(1, 1000)}).ok());
  ASSERT_TRUE(d.configure("a", [](v1::PortConfig& c) { c.set_tx_queues(2); }).ok());
  ASSERT_TRUE(d.core().startTx({"a"}, "").ok());
  const auto a = d.listed("a");
  ASSERT_TRUE(a);
  EXPECT_TRUE(a->transmitting());
  EXPECT_EQ(a->active_queues(), 2u);
  EXPECT_FALSE(d.listed("b")->transmitting());
  EXPECT_TRUE(d.core().stopTx({"a"}, "").ok());
  EXPECT_FALSE(d.listed("a")->transmitting());
}

}  // namespace
}  // namespace staccato::drone::test
