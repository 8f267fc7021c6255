// The neighbour table's states over a fake clock: probes, retries, FAILED, learning, ageing, bounds.
#include <gtest/gtest.h>

#include "drone/devices/neighbor_table.h"

namespace staccato::drone::devices {
namespace {

constexpr uint64_t kSec = 1'000'000'000;
const NeighborKey kGateway = NeighborKey::v4(0, 0x0a000001);

TEST(NeighborTable, ThreeProbesOneSecondApartThenFailed) {
  NeighborTable t;
  ASSERT_TRUE(t.resolve(kGateway, 7, 0));
  EXPECT_TRUE(t.pending());
  EXPECT_EQ(t.find(kGateway, 0)->state, NeighborState::kIncomplete);
  for (uint64_t s = 0; s < 3; ++s) {
    auto probes = t.due(s * kSec);
    ASSERT_EQ(probes.size(), 1u) << "try " << s;
    EXPECT_EQ(probes[0].host, 7u);
    EXPECT_TRUE(t.due(s * kSec + kSec / 2).empty());  // not before a second has passed
  }
  EXPECT_TRUE(t.due(3 * kSec).empty());
  EXPECT_EQ(t.find(kGateway, 3 * kSec)->state, NeighborState::kFailed);
  EXPECT_FALSE(t.pending());
  ASSERT_TRUE(t.resolve(kGateway, 7, 4 * kSec));  // asked again: probed again
  EXPECT_EQ(t.due(4 * kSec).size(), 1u);
}

TEST(NeighborTable, AReplyMakesItReachableThenStale) {
  NeighborTable t;
  t.resolve(kGateway, 0, 0);
  t.due(0);
  t.learn(kGateway, 0x020000000001, true, 0, kSec / 10);
  auto n = t.find(kGateway, kSec);
  ASSERT_TRUE(n);
  EXPECT_EQ(n->state, NeighborState::kReachable);
  EXPECT_EQ(n->mac, 0x020000000001u);
  EXPECT_FALSE(t.pending());
  EXPECT_EQ(t.find(kGateway, kSec / 10 + kReachableNs)->state, NeighborState::kStale);
  EXPECT_TRUE(t.resolve(kGateway, 0, kReachableNs * 2));  // STALE is used as it is: no probe
  EXPECT_TRUE(t.due(kReachableNs * 2).empty());
}

TEST(NeighborTable, RequestsTeachStaleEntriesRepliesOnlyUpdate) {
  NeighborTable t;
  t.learn(kGateway, 0x020000000001, false, 0, 0);  // someone asked for one of our hosts
  EXPECT_EQ(t.find(kGateway, 0)->state, NeighborState::kStale);
  const NeighborKey other = NeighborKey::v4(0, 0x0a000063);
  t.learn(other, 0x020000000002, true, 0, 0, /*create=*/false);  // an unsolicited reply
  EXPECT_FALSE(t.find(other, 0));
}

TEST(NeighborTable, BoundedEvictingTheOldestStale) {
  NeighborTable t(2);
  t.learn(NeighborKey::v4(0, 1), 2, false, 0, 10);
  t.learn(NeighborKey::v4(0, 2), 2, false, 0, 5);
  t.learn(NeighborKey::v4(0, 3), 2, false, 0, 20);
  EXPECT_EQ(t.size(), 2u);
  EXPECT_FALSE(t.find(NeighborKey::v4(0, 2), 20));
  NeighborTable busy(1);
  ASSERT_TRUE(busy.resolve(NeighborKey::v4(0, 1), 0, 0));
  EXPECT_FALSE(busy.resolve(NeighborKey::v4(0, 2), 0, 0));  // the only entry is being asked for
}

TEST(NeighborTable, AFullTableMakesRoomASixteenthAtATimeOldestFirst) {
  NeighborTable t(64);
  for (uint32_t i = 0; i < 64; ++i) t.learn(NeighborKey::v4(0, 100 + i), 2, false, 0, 1000 - i);  // 100 is the newest
  t.learn(NeighborKey::v4(0, 1), 2, false, 0, 2000);
  EXPECT_EQ(t.size(), 64u - 4 + 1);  // the 4 oldest went: 160..163
  for (uint32_t i = 160; i < 164; ++i) EXPECT_FALSE(t.find(NeighborKey::v4(0, i), 2000)) << i;
  EXPECT_TRUE(t.find(NeighborKey::v4(0, 159), 2000));
  EXPECT_TRUE(t.find(NeighborKey::v4(0, 1), 2000));
}

}  // namespace
}  // namespace staccato::drone::devices
