// Each second of a long test from totals read once a second: frames on their way at a read (a
// device's queue) are not lost, a stretch that loses everything is lost in its own seconds, and
// the seconds add up to the totals read once the test settled.
#include <gtest/gtest.h>

#include <algorithm>

#include "client/core/benchmark/second_ledger.h"

namespace staccato::bench {
namespace {

constexpr uint64_t kPerSecond = 1000;

/// The totals read at `second` of a service sending kPerSecond frames a second through a device
/// that delays each frame by `delayed` frames' time and drops every frame sent in seconds
/// [dropFrom, dropTo).
std::vector<SecondCounts> totalsAfter(uint64_t second, uint64_t delayed, uint64_t dropFrom = 0, uint64_t dropTo = 0) {
  const uint64_t sent = second * kPerSecond;
  const uint64_t arrivedOrDropped = sent - std::min(sent, delayed);  // the frames sent early enough to be out
  const uint64_t dropped = std::clamp(arrivedOrDropped, dropFrom * kPerSecond, dropTo * kPerSecond) - dropFrom * kPerSecond;
  return {{sent, arrivedOrDropped - dropped}};
}

TEST(SecondLedger, FramesOnTheirWayAtAReadAreNotLost) {
  SecondLedger ledger(1);
  EXPECT_TRUE(ledger.read(totalsAfter(1, 300)).empty()) << "the first second waits for the next read";
  for (uint64_t s = 2; s <= 10; ++s) {
    const auto told = ledger.read(totalsAfter(s, 300));
    ASSERT_EQ(told.size(), 1u);
    EXPECT_EQ(told[0].sent, kPerSecond);
  }
  const auto seconds = ledger.finish({{10 * kPerSecond + 7, 10 * kPerSecond + 7}})[0];
  ASSERT_EQ(seconds.size(), 10u);
  for (const SecondCounts& s : seconds) EXPECT_EQ(s.received, s.sent) << "300 frames in a queue at every read are not lost";
  EXPECT_EQ(seconds.back().sent, kPerSecond + 7) << "what was sent after the last read is the last second's";
}

TEST(SecondLedger, AStretchThatLosesEverythingIsLostInItsOwnSeconds) {
  SecondLedger ledger(2);
  uint32_t toldSevere = 0;
  for (uint64_t s = 1; s <= 30; ++s) {
    auto lossy = totalsAfter(s, 2, 5, 15);
    lossy.push_back(totalsAfter(s, 2)[0]);
    const auto told = ledger.read(lossy);
    if (!told.empty() && told[0].received * 2 < told[0].sent) ++toldSevere;
  }
  EXPECT_EQ(toldSevere, 10u) << "told while running, a second late";
  const auto seconds = ledger.finish({totalsAfter(30, 0, 5, 15)[0], totalsAfter(30, 0)[0]});
  const auto& lossy = seconds[0];
  ASSERT_EQ(lossy.size(), 30u);
  uint64_t sent = 0, received = 0;
  for (size_t s = 0; s < lossy.size(); ++s) {
    // The 2 frames on their way at every read cannot be told from lost ones until the end: they
    // may be counted a second early, never more.
    const uint64_t expected = s >= 5 && s < 15 ? 0 : kPerSecond;
    EXPECT_LE(std::max(lossy[s].received, expected) - std::min(lossy[s].received, expected), 2u) << "second " << s;
    sent += lossy[s].sent;
    received += lossy[s].received;
  }
  EXPECT_EQ(sent, 30 * kPerSecond) << "the seconds add up to the totals";
  EXPECT_EQ(received, 20 * kPerSecond);
  for (const SecondCounts& s : seconds[1]) EXPECT_EQ(s.received, s.sent) << "the other service lost nothing";
  EXPECT_EQ(availability(lossy, 0.5).unavailable, 10u) << "ended by the 10 good seconds after it";
}

}  // namespace
}  // namespace staccato::bench
