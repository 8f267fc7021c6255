// Live rate changes and scheduled starts on fake ports: SetRate is checked as a start checks
// rates (all or nothing) and applies without stopping, keeping counts and sequences; a start at
// a wall-clock time sends nothing before it and refuses times in the past or too far ahead.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "client/core/drone_call.h"
#include "common/core/clock.h"
#include "common/stream/rate.h"
#include "rpc/stats/rate_shortfall.h"
#include "tests/drone/drone_test_util.h"

namespace staccato::drone::test {
namespace {

RatePlan ppsRate(double pps) { return {v1::Rate::PPS, pps, 1}; }

TEST(LiveRate, IsRefusedOnAPortThatDoesNotSend) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {continuousStream(1, 1000)}).ok());
  EXPECT_FAILS_WITH(d.core().setRate("a", "", 2.0, {}), errors::rateNeedsSending("a"));
}

TEST(LiveRate, BadScalesUnknownStreamsAndRatesAboveTheLineChangeNothing) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {continuousStream(1, 1000), continuousStream(2, 1000)}).ok());
  ASSERT_TRUE(d.core().startTx({"a"}, "").ok());
  for (double bad : {0.0, -1.0, -0.0, std::nan(""), 1e7})
    EXPECT_FAILS_WITH(d.core().setRate("a", "", bad, {}), errors::rateScaleBad(bad));
  EXPECT_FAILS_WITH(d.core().setRate("a", "", std::nullopt, {{9, ppsRate(10)}}), errors::rateStreamNotSent("a", 9));
  // Stream 1 at 1e12 pps is over the line; stream 2's valid change must not apply either.
  const Status tooFast = d.core().setRate("a", "", std::nullopt, {{1, ppsRate(1e12)}, {2, ppsRate(50)}});
  ASSERT_FALSE(tooFast.ok());
  EXPECT_NE(tooFast.error().toString().find("stream 1"), std::string::npos) << tooFast.error().toString();
  EXPECT_TRUE(d.core().setRate("a", "", std::nullopt, {{2, ppsRate(50)}}).ok());
  ASSERT_TRUE(d.core().stopTx({"a"}, "").ok());
}

TEST(LiveRate, ARateWithoutAUnitScalesFromItsOwnValue) {
  // {"value": 100} with no unit is 100 pps: three times that is 300, not three times the default.
  const RatePlan unitless{v1::Rate::UNIT_UNSPECIFIED, 100, 1};
  EXPECT_EQ(scaledRate(unitless, 3).unit, v1::Rate::PPS);
  EXPECT_DOUBLE_EQ(scaledRate(unitless, 3).value, 300);
  EXPECT_DOUBLE_EQ(scaledRate({v1::Rate::UNIT_UNSPECIFIED, 0, 1}, 3).value, 3 * kDefaultPps);  // no value: the default
  EXPECT_DOUBLE_EQ(scaledRate(ppsRate(0), 2).value, 2 * kDefaultPps);
  EXPECT_DOUBLE_EQ(scaledRate(ppsRate(40), 0.5).value, 20);
  // The lowest-rate check sees the same rate: 100 pps x 0.000005 = 0.0005 pps is too slow.
  FakeDrone d;
  v1::Stream s = continuousStream(1, 100);
  s.mutable_rate()->clear_unit();
  ASSERT_TRUE(d.setStreams("a", {s}).ok());
  ASSERT_TRUE(d.core().startTx({"a"}, "").ok());
  const Status tooSlow = d.core().setRate("a", "", 0.000005, {});
  ASSERT_FALSE(tooSlow.ok());
  EXPECT_NE(tooSlow.error().toString().find("0.0005"), std::string::npos) << tooSlow.error().toString();
  EXPECT_TRUE(d.core().setRate("a", "", 0.00002, {}).ok()) << "0.002 pps is slow, but allowed";
  ASSERT_TRUE(d.core().stopTx({"a"}, "").ok());
}

TEST(LiveRate, ARunningStreamSpeedsUpWithoutStoppingAndLosesNothing) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {continuousStream(1, 200)}).ok());
  ASSERT_TRUE(d.core().startTx({"a"}, "").ok());
  ASSERT_TRUE(waitUntil([&] { return d.sent("a", 1) >= 20; }));
  ASSERT_TRUE(d.core().setRate("a", "", 100.0, {}).ok());  // 200 pps -> 20,000 pps
  const uint64_t before = d.sent("a", 1);
  ASSERT_TRUE(waitUntil([&] { return d.sent("a", 1) >= before + 2000; }, 3000ms))
      << "the new rate did not apply: " << d.sent("a", 1) - before << " more packets";
  EXPECT_TRUE(d.transmitting("a"));
  ASSERT_TRUE(d.core().stopTx({"a"}, "").ok());
  const uint64_t sent = d.sent("a", 1);
  const v1::StatsSnapshot snap = d.waitReceived("b", 1, sent);
  const v1::StreamStats* row = streamRow(snap, "a", 1, "b");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->rx_packets(), sent);
  EXPECT_EQ(row->lost(), 0u) << "sequence numbers went on across the change";
}

TEST(LiveRate, AStreamThatCannotKeepItsRateSaysSo) {
  // Port a's transmit ring stays full for 400 ms (a stalled NIC); port b sends freely.
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {continuousStream(1, 2000)}).ok());
  ASSERT_TRUE(d.setStreams("b", {continuousStream(2, 500)}).ok());
  d.hardware().holdTx("a", true);
  ASSERT_TRUE(d.core().startTx({"a", "b"}, "").ok());
  std::this_thread::sleep_for(400ms);
  const auto rowsOf = [](const v1::StatsSnapshot& snap) {
    std::map<uint32_t, v1::StreamStats> rows;
    for (const auto& s : snap.streams())
      if (!s.tx_port().empty()) rows[s.stream_id()] = s;
    return rows;
  };
  auto rows = rowsOf(d.core().collect(false));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_DOUBLE_EQ(rows[1].tx_rate_pps(), 2000);
  EXPECT_GT(rows[1].tx_late_ns(), rpc::kBehindScheduleNs);
  const std::string shortfall = rpc::rateShortfall(rows[1]);
  EXPECT_TRUE(shortfall.starts_with("cannot keep its rate: asked 2 kpps (")) << shortfall;
  EXPECT_TRUE(shortfall.ends_with(" s behind its schedule)")) << shortfall;
  EXPECT_DOUBLE_EQ(rows[2].tx_rate_pps(), 500);
  EXPECT_EQ(rpc::rateShortfall(rows[2]), "") << "a rate the port keeps";
  // Released, the worker catches up (a burst) and is on schedule again; the worst stays counted.
  d.hardware().holdTx("a", false);
  ASSERT_TRUE(waitUntil([&] { return rowsOf(d.core().collect(false))[1].tx_late_ns() < rpc::kBehindScheduleNs; }, 2000ms));
  rows = rowsOf(d.core().collect(false));
  EXPECT_EQ(rpc::rateShortfall(rows[1]), "");
  EXPECT_GT(rows[1].tx_max_late_ns(), 300'000'000u) << "the stall, as the catch-up burst's size";
  ASSERT_TRUE(d.core().stopTx({"a", "b"}, "").ok());
}

TEST(LiveRate, ABoundedCatchUpLetsTheRestOfAStallGo) {
  // Both ports' rings are full for 400 ms (their cores taken away). Port a started with a 10 ms
  // bound on catching up: released, it sends at most 10 ms of what was due back to back and lets
  // the rest go. Port b, unbounded, sends the whole gap at once.
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {continuousStream(1, 2000)}).ok());
  ASSERT_TRUE(d.setStreams("b", {continuousStream(2, 2000)}).ok());
  d.hardware().holdTx("a", true);
  d.hardware().holdTx("b", true);
  ASSERT_TRUE(d.core().startTx({"a"}, "", 0, {.maxCatchUpNs = 10'000'000}).ok());
  ASSERT_TRUE(d.core().startTx({"b"}, "").ok());
  std::this_thread::sleep_for(400ms);
  const uint64_t released = monotonicNs();
  d.hardware().holdTx("a", false);
  d.hardware().holdTx("b", false);
  ASSERT_TRUE(waitUntil([&] { return d.sent("a", 1) >= 100 && d.sent("b", 2) >= 800; }, 2000ms));
  const uint64_t sentA = d.sent("a", 1), sentB = d.sent("b", 2);
  const double since = double(monotonicNs() - released) / 1e9;
  // From the release on: its rate, 10 ms of catch-up (20 frames) and a batch's rounding at most.
  EXPECT_LE(double(sentA), 2000 * since + 20 + 32) << "port a caught up more than 10 ms";
  EXPECT_GE(sentB, sentA + 600) << "port b (unbounded) caught up the 400 ms";
  const v1::StatsSnapshot snap = d.core().collect(false);
  for (const auto& s : snap.streams()) {
    if (s.tx_port() == "a") {
      EXPECT_GT(s.tx_skipped_ns(), 300'000'000u) << "the time let go";
      EXPECT_LE(s.tx_max_late_ns(), 10'000'000u) << "the burst, within the bound";
    }
    if (s.tx_port() == "b") EXPECT_EQ(s.tx_skipped_ns(), 0u);
  }
  ASSERT_TRUE(d.core().stopTx({"a", "b"}, "").ok());
}

TEST(ScheduledStart, NothingGoesOutBeforeTheStartTime) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {continuousStream(1, 10000)}).ok());
  ASSERT_TRUE(d.setStreams("b", {continuousStream(2, 10000)}).ok());
  const uint64_t t0 = realtimeNs() + 300'000'000;
  ASSERT_TRUE(d.core().startTx({"a", "b"}, "", 0, {t0, 0}).ok());
  while (realtimeNs() + 50'000'000 < t0) {
    EXPECT_EQ(d.sent("a", 1) + d.sent("b", 2), 0u) << "sent before the start time";
    std::this_thread::sleep_for(10ms);
  }
  ASSERT_TRUE(waitUntil([&] { return d.sent("a", 1) > 0 && d.sent("b", 2) > 0; }, 2000ms));
  ASSERT_TRUE(d.core().stopTx({"a", "b"}, "").ok());
}

TEST(ScheduledStart, AReservationMeanwhileCancelsAnotherClientsStart) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {continuousStream(1, 10000)}).ok());
  ASSERT_TRUE(d.core().startTx({"a"}, "alice", 0, {realtimeNs() + 400'000'000, 0}).ok());
  ASSERT_TRUE(d.core().reserve("a", "bob").ok());
  std::this_thread::sleep_for(600ms);
  EXPECT_EQ(d.sent("a", 1), 0u) << "alice's start sent on the port bob reserved";
  EXPECT_FALSE(d.transmitting("a"));
  const v1::StatsSnapshot snap = d.core().collect(false);
  const auto row = std::find_if(snap.ports().begin(), snap.ports().end(), [](const auto& p) { return p.port() == "a"; });
  ASSERT_NE(row, snap.ports().end());
  EXPECT_NE(row->error().find("the start scheduled by alice was cancelled before its time: bob reserved the port"),
            std::string::npos) << row->error();
  // The owner's own scheduled start is not cancelled by reserving again.
  ASSERT_TRUE(d.core().startTx({"a"}, "bob", 0, {realtimeNs() + 200'000'000, 0}).ok());
  ASSERT_TRUE(d.core().reserve("a", "bob").ok());
  EXPECT_TRUE(waitUntil([&] { return d.sent("a", 1) > 0; }, 2000ms));
  ASSERT_TRUE(d.core().stopTx({"a"}, "bob").ok());
}

TEST(ScheduledStart, TimesInThePastOrTooFarAheadAreRefused) {
  FakeDrone d;
  ASSERT_TRUE(d.setStreams("a", {continuousStream(1, 100)}).ok());
  const Status past = d.core().startTx({"a"}, "", 0, {realtimeNs() - 2'000'000'000, 0});
  ASSERT_FALSE(past.ok());
  EXPECT_NE(past.error().toString().find("in the past"), std::string::npos) << past.error().toString();
  EXPECT_FALSE(d.core().startTx({"a"}, "", 0, {realtimeNs() + 2 * kMaxStartAheadNs, 0}).ok());
  EXPECT_FALSE(d.core().startTx({"a"}, "", 0, {0, kMaxRampNs + 1}).ok());
  EXPECT_FAILS_WITH(d.core().startTx({"a"}, "", 0, {.maxCatchUpNs = kMaxCatchUpNs + 1000}),
                    errors::catchUpTooLong(kMaxCatchUpNs / 1000 + 1, kMaxCatchUpNs / 1000));
  EXPECT_FALSE(d.transmitting("a"));
  // The clients ask again, later, for a start that was late (on arrival or while opening) only.
  EXPECT_TRUE(client::startWasLate(past.error()));
  EXPECT_TRUE(client::startWasLate(errors::startTimePassedWhileOpening("a", 3'000'000)));
  EXPECT_FALSE(client::startWasLate(errors::startTimeBad(2 * int64_t(kMaxStartAheadNs), kMaxStartAheadNs)));
  EXPECT_FALSE(client::startWasLate(errors::noEnabledStreams("a")));
}

TEST(RateRamp, StartsSlowAndReachesTheFullRateWhenTheRampEnds) {
  TxPlan plan;
  plan.rate = ppsRate(1000);  // 1 ms apart at full rate
  plan.averageFrameBytes = 64;
  const uint64_t rampNs = 1'000'000'000;
  RateSchedule flat(plan, 10e9);
  RateSchedule ramped = RateSchedule(plan, 10e9).withRamp(rampNs);
  // Half a ramp's packets (500) by the ramp's end; after it, full rate, half a ramp late.
  EXPECT_NEAR(double(ramped.offsetNs(500)), 1e9, 1e6);
  EXPECT_NEAR(double(ramped.offsetNs(1500) - ramped.offsetNs(500)), 1e9, 1e6);
  EXPECT_EQ(ramped.offsetNs(2000) - ramped.offsetNs(1000), flat.offsetNs(1000));
  // Early on the gaps are long: the 2nd packet comes ~45 ms after the 1st, not 1 ms.
  EXPECT_GT(ramped.offsetNs(1) - ramped.offsetNs(0), 40'000'000u);
  for (uint64_t n = 1; n < 3000; ++n) ASSERT_GE(ramped.offsetNs(n), ramped.offsetNs(n - 1));
}

}  // namespace
}  // namespace staccato::drone::test
