// A port's stream list changes all or nothing: one bad stream, a list over the drone's stream
// memory or over the per-port count leaves the old list in place; a sending port keeps its
// streams and configuration; new streams forget the last run's counts.
#include <gtest/gtest.h>

#include "common/stream/compiler.h"
#include "drone/core/stream_store.h"
#include "tests/drone/drone_test_util.h"

namespace staccato::drone::test {
namespace {

constexpr double kFakeLineRate = 10e9;  ///< fake ports do not say their speed

std::vector<uint32_t> idsOf(const rpc::Streams& streams) {
  std::vector<uint32_t> ids;
  for (const auto& s : streams) ids.push_back(s.id());
  return ids;
}

std::vector<uint32_t> storedIds(FakeDrone& d, const std::string& port) {
  auto streams = d.core().getStreams(port);
  EXPECT_TRUE(streams.ok());
  return streams ? idsOf(**streams) : std::vector<uint32_t>{};
}

/// A replay stream of about `bytes` of 1500-byte frames.
v1::Stream replayOf(uint32_t id, size_t bytes) {
  v1::Stream s;
  s.set_id(id);
  for (size_t n = 0; n < bytes / 1500; ++n) s.mutable_replay()->add_frames(std::string(1500, char(n)));
  return s;
}

/// What the store counts for these streams against the drone's stream memory.
size_t storedBytes(const std::vector<v1::Stream>& streams) {
  auto stored = StreamStore::compile(streamList(streams), kFakeLineRate);
  EXPECT_TRUE(stored.ok());
  return stored ? (*stored)->bytes : 0;
}

TEST(StreamChanges, OneBadStreamChangesNothingAndTheErrorNamesIt) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {udpStream(1, 10), udpStream(2, 10)}).ok());
  v1::Stream bad = udpStream(4, 10);
  bad.mutable_layers(1)->set_protocol("no-such-protocol");
  const Status s = d.setStreams("a", {udpStream(3, 10), bad, udpStream(5, 10)});
  ASSERT_FALSE(s.ok());
  const std::string expected = staccato::test::compileError(bad);
  ASSERT_FALSE(expected.empty());
  EXPECT_EQ(s.error().toString(), "streams[1]." + expected);
  EXPECT_EQ(storedIds(d, "a"), (std::vector<uint32_t>{1, 2})) << "a refused list replaced the old one";
}

TEST(StreamChanges, ARateAboveTheLineRateIsRefusedForItsStream) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {udpStream(1, 10)}).ok());
  v1::Stream tooFast = udpStream(3, 10);
  tooFast.mutable_rate()->set_unit(v1::Rate::BPS_L2);
  tooFast.mutable_rate()->set_value(kFakeLineRate * 2);
  const Status s = d.setStreams("a", {udpStream(2, 10), udpStream(4, 10), tooFast});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().path, "streams[2].rate.value");
  EXPECT_EQ(storedIds(d, "a"), (std::vector<uint32_t>{1}));
}

TEST(StreamChanges, DuplicateIdsAreRefused) {
  FakeDrone d;
  const Status s = d.setStreams("a", {udpStream(7, 1), udpStream(8, 1), udpStream(7, 1)});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().path, "streams[2].id");
  EXPECT_TRUE(storedIds(d, "a").empty());
}

TEST(StreamChanges, GetStreamsReturnsTheListAsSet) {
  FakeDrone d;
  const std::vector<v1::Stream> set = {udpStream(5, 3), disabled(udpStream(2, 4)), udpStream(9, 5, 100)};
  ASSERT_TRUE(d.setStreams("a", set).ok());
  auto got = d.core().getStreams("a");
  ASSERT_TRUE(got.ok());
  ASSERT_EQ((*got)->size(), 3);
  for (int i = 0; i < 3; ++i) EXPECT_EQ((*got)->Get(i).SerializeAsString(), set[size_t(i)].SerializeAsString());
  EXPECT_TRUE(storedIds(d, "b").empty()) << "b's streams were never set";
  EXPECT_FAILS_WITH(d.core().getStreams("nope"), errors::noSuchPort("nope"));
  EXPECT_FAILS_WITH(d.setStreams("nope", set), errors::noSuchPort("nope"));
}

TEST(StreamChanges, ASendingPortKeepsItsStreamsAndConfiguration) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {continuousStream(1, 1000)}).ok());
  ASSERT_TRUE(d.core().startTx({"a"}, "").ok());
  EXPECT_FAILS_WITH(d.core().canSetStreams("a", ""), errors::sendingNoStreams("a"));
  EXPECT_FAILS_WITH(d.setStreams("a", {udpStream(2, 1)}), errors::sendingNoStreams("a"));
  EXPECT_FAILS_WITH(d.configure("a", [](v1::PortConfig& c) { c.set_tx_queues(1); }), errors::sendingNoConfigure("a"));
  EXPECT_EQ(storedIds(d, "a"), (std::vector<uint32_t>{1}));
  EXPECT_EQ(d.listed("a")->config().tx_queues(), 0u);
  ASSERT_TRUE(d.core().stopTx({"a"}, "").ok());
  EXPECT_TRUE(d.setStreams("a", {udpStream(2, 1)}).ok()) << "a stopped port takes new streams";
  EXPECT_TRUE(d.configure("a", [](v1::PortConfig& c) { c.set_tx_queues(1); }).ok());
}

TEST(StreamChanges, StreamsOverTheDronesStreamMemoryAreRefusedAndChangeNothing) {
  constexpr size_t kMiB = size_t{1} << 20;
  DroneLimits limits;
  limits.streamMemoryBytes = 4 * kMiB;
  FakeDrone d(fake::fakePair("a", "b"), limits);
  const std::vector<v1::Stream> onA = {replayOf(1, 3 * kMiB / 2)};
  ASSERT_TRUE(d.setStreams("a", onA).ok());
  const size_t aBytes = storedBytes(onA);
  EXPECT_EQ(d.core().streamMemory()->left(), limits.streamMemoryBytes - aBytes);

  const std::vector<v1::Stream> onB = {udpStream(7, 1)};
  ASSERT_TRUE(d.setStreams("b", onB).ok());
  const size_t bBytes = storedBytes(onB);
  const std::vector<v1::Stream> large = {replayOf(2, 3 * kMiB)};
  // A list counts until it is replaced: both are in memory meanwhile.
  EXPECT_FAILS_WITH(d.setStreams("b", large), errors::streamMemoryFull(storedBytes(large), limits.streamMemoryBytes,
                                                                       limits.streamMemoryBytes - aBytes - bBytes));
  EXPECT_EQ(storedIds(d, "b"), (std::vector<uint32_t>{7})) << "the refused list replaced b's streams";
  EXPECT_EQ(storedIds(d, "a"), (std::vector<uint32_t>{1}));

  ASSERT_TRUE(d.setStreams("a", {}).ok());  // a's streams give their memory back
  EXPECT_TRUE(d.setStreams("b", large).ok());
  EXPECT_EQ(storedIds(d, "b"), (std::vector<uint32_t>{2}));
}

TEST(StreamChanges, MoreStreamsThanAPortMayHoldAreRefused) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {udpStream(1, 1)}).ok());
  std::vector<v1::Stream> many;
  for (uint32_t id = 0; id <= kMaxStreamsPerPort; ++id) many.push_back(udpStream(id, 1));
  EXPECT_FAILS_WITH(d.setStreams("a", many), rpc::checkStreamCount(many.size(), kMaxStreamsPerPort).error());
  EXPECT_EQ(storedIds(d, "a"), (std::vector<uint32_t>{1}));
}

TEST(StreamChanges, NewStreamsForgetTheLastRunsCounts) {
  FakeDrone d;
  d.runToEnd("a", {udpStream(1, 50)});
  ASSERT_EQ(d.sent("a", 1), 50u);
  ASSERT_TRUE(d.setStreams("a", {udpStream(2, 50)}).ok());
  const v1::StatsSnapshot snap = d.core().collect();
  EXPECT_EQ(streamRow(snap, "a", 1, ""), nullptr) << "a row of a stream the port no longer has";
  EXPECT_EQ(streamRow(snap, "a", 1, "b"), nullptr);
  EXPECT_EQ(portRow(snap, "a")->drone_tx_packets(), 0u);
}

TEST(StreamChanges, AnEmptyListLeavesThePortNothingToSend) {
  FakeDrone d;
  d.runToEnd("a", {udpStream(1, 5)});
  ASSERT_TRUE(d.setStreams("a", {}).ok());
  EXPECT_TRUE(storedIds(d, "a").empty());
  EXPECT_FAILS_WITH(d.core().startTx({"a"}, ""), errors::noEnabledStreams("a"));
}

}  // namespace
}  // namespace staccato::drone::test
