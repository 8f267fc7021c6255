// When a stream "cannot keep its rate" (rpc/stats/rate_shortfall): behind its schedule by more
// than kBehindScheduleNs and, while it sent, below kKeptRateShare of the rate asked; a sender that
// paused for a moment (a busy machine) and catches up is not one.
#include <gtest/gtest.h>

#include "common/core/push_back.h"
#include "rpc/stats/rate_shortfall.h"

namespace staccato::rpc {
namespace {

/// A row that sent `packets` over `seconds` at an asked `pps`, `lateMs` behind its schedule now.
v1::StreamStats row(double pps, uint64_t packets, double seconds, uint64_t lateMs) {
  v1::StreamStats r;
  r.set_tx_rate_pps(pps);
  r.set_tx_packets(packets);
  r.set_first_tx_ns(1'000'000'000);
  r.set_last_tx_ns(1'000'000'000 + static_cast<uint64_t>(seconds * 1e9));
  r.set_tx_late_ns(lateMs * 1'000'000);
  return r;
}

TEST(RateShortfall, ASenderBelowItsRateAndBehindSaysBoth) {
  EXPECT_EQ(rateShortfall(row(7.4e6, 4'300'001, 1.0, 420)),
            "cannot keep its rate: sent 4.3 Mpps of the 7.4 Mpps asked (0.42 s behind its schedule)");
}

TEST(RateShortfall, ASenderTheDeviceHeldBackSaysTheDeviceTakesNoMore) {
  v1::StreamStats r = row(148'810, 100'001, 1.0, 420);  // 100 kpps of 148.8: 0.33 s of frames missing
  r.set_tx_blocked_ns(170'000'000);
  EXPECT_EQ(rateShortfall(r), "cannot keep its rate: sent 100 kpps of the 148.81 kpps asked (0.42 s behind its schedule; "
                              "the device takes no more: the sender waited 0.17 s for room at the port)");
  r.set_tx_blocked_ns(150'000'000);  // less than half as long: the sender's own shortfall
  EXPECT_EQ(rateShortfall(r).find("device"), std::string::npos) << rateShortfall(r);
}

TEST(RateShortfall, APauseItCatchesUpFromIsNotAShortfall) {
  // 20 kpps kept over 2 s, then stalled 140 ms by a busy machine at the moment of the snapshot.
  EXPECT_EQ(rateShortfall(row(20'000, 40'001, 2.0, 140)), "");
}

TEST(RateShortfall, BehindByLessThanTheMarginIsOnSchedule) {
  EXPECT_EQ(rateShortfall(row(7.4e6, 4'300'001, 1.0, 99)), "");
}

TEST(RateShortfall, NothingSentYetSaysWhatWasAsked) {
  EXPECT_EQ(rateShortfall(row(2000, 0, 0, 400)), "cannot keep its rate: asked 2 kpps (0.40 s behind its schedule)");
}

TEST(RateShortfall, AStreamWithoutARateHasNoneToKeep) {
  EXPECT_EQ(rateShortfall(row(0, 100, 1.0, 5000)), "");
}

// A sender stopped while it waited for room (SIGSTOP, its core taken) did not wait for the
// device: only the time between two looks at the full port that were close together counts.
TEST(PortWait, ALongGapBetweenTwoLooksIsAStallNotTheDevicesPace) {
  EXPECT_EQ(portWaitBetween(1'000'000, 1'050'000), 50'000u);
  EXPECT_EQ(portWaitBetween(1'000'000, 1'000'000 + kMaxPortLookGapNs - 1), kMaxPortLookGapNs - 1);
  EXPECT_EQ(portWaitBetween(1'000'000, 151'000'000), 0u) << "150 ms stopped is not a wait for room";
}

}  // namespace
}  // namespace staccato::rpc
