// Rates that bypassed pacing (finding 3 of the hardening review): absurdly low rates overflowed
// the send-time arithmetic, NaN and unknown enum values slipped through, and send times must
// never wrap.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "common/files/stream_file.h"
#include "common/stream/compiler.h"
#include "common/stream/rate.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

v1::Stream udpAt(v1::Rate::Unit unit, double value) {
  v1::Stream s = S({L("eth"), L("ip"), L("udp"), L("payload")});
  s.mutable_rate()->set_unit(unit);
  s.mutable_rate()->set_value(value);
  return s;
}

TEST(RateLimits, RatesBelowOnePacketPer1000SecondsAreRefusedSayingWhy) {
  EXPECT_EQ(compileError(udpAt(v1::Rate::PPS, 1e-11)),
            "rate.value: asks for 1e-11 pps; the lowest rate is 0.001 pps (one packet every 1000 s): check the unit");
  EXPECT_NE(compileError(udpAt(v1::Rate::PPS, 1e-300)), "");
  EXPECT_NE(compileError(udpAt(v1::Rate::BPS_L1, 1e-6)), "");  // 1e-6 bit/s of 64-byte frames
  EXPECT_NE(compileError(udpAt(v1::Rate::BURSTS_PER_SECOND, 1e-9)), "");
  EXPECT_EQ(compileError(udpAt(v1::Rate::PPS, 1e-3)), "");
  EXPECT_EQ(compileError(udpAt(v1::Rate::BPS_L1, 1e-3 * 84 * 8)), "");  // exactly 0.001 pps of 64-byte frames
}

TEST(RateLimits, NotANumberInfinityAndNegativesEvenMinusZeroAreRefusedInEveryUnit) {
  const std::pair<double, const char*> bad[] = {{std::nan(""), "nan"},
                                                {std::numeric_limits<double>::infinity(), "inf"},
                                                {-1.0, "-1"},
                                                {-0.0, "-0"}};  // -0.0 == 0, and 0 pps means 1,000 pps
  for (auto unit : {v1::Rate::PPS, v1::Rate::BPS_L1, v1::Rate::BPS_L2, v1::Rate::LOAD_PERCENT,
                    v1::Rate::BURSTS_PER_SECOND, v1::Rate::FASTEST}) {
    for (auto [v, text] : bad)
      EXPECT_EQ(compileError(udpAt(unit, v)), std::string("rate.value: ") + text + " is not a rate: give a positive number")
          << unit << " " << v;
  }
}

TEST(RateLimits, AHugeRateIsRefusedNamingTheRateAskedFor) {
  // Before: "asks for 0 pps" (1e300 wrapped through uint64_t).
  EXPECT_EQ(checkRate(ratePlanOf(udpAt(v1::Rate::PPS, 1e300).rate()), 64, 10e9).error().toString(),
            "rate.value: asks for 1e+300 pps; the port's line rate allows at most 14880952 pps at this frame length");
}

TEST(RateLimits, NotANumberFromAStreamFileIsRefused) {
  // protobuf's JSON mapping accepts "NaN" and "Infinity" for doubles: the compiler must not.
  auto file = parseStreamFile(R"({"format_version": 1, "streams": [{"layers": [{"protocol": "eth"}],
                                  "rate": {"unit": "PPS", "value": "NaN"}}]})");
  ASSERT_TRUE(file.ok()) << file.error().toString();
  auto plans = compileAll(file->streams());
  ASSERT_FALSE(plans.ok());
  EXPECT_EQ(plans.error().toString(), "streams[0].rate.value: nan is not a rate: give a positive number");
}

TEST(RateLimits, LoadPercentIsCheckedOnThePortsLineRate) {
  auto plan = compile(udpAt(v1::Rate::LOAD_PERCENT, 1e-12));
  ASSERT_TRUE(plan.ok()) << plan.error().toString();  // its packet rate depends on the port
  EXPECT_FALSE(checkRate(*plan, 10e9).ok());          // 1e-12 % of 10 Gb/s: 1.5e-4 pps
  EXPECT_TRUE(checkRate(*plan, 1e22).ok());
  EXPECT_FALSE(checkRate(ratePlanOf(udpAt(v1::Rate::PPS, 2e7).rate()), 84, 10e9).ok());  // above 14.88 Mpps
}

TEST(RateLimits, UnknownEnumValuesAreRefusedNamingThePathAndTheNames) {
  v1::Stream s = udpAt(v1::Rate::PPS, 10);
  s.mutable_rate()->set_unit(static_cast<v1::Rate::Unit>(42));
  EXPECT_EQ(compileError(s),
            "rate.unit: unknown value 42 (allowed UNIT_UNSPECIFIED, PPS, BPS_L1, BPS_L2, LOAD_PERCENT, "
            "BURSTS_PER_SECOND, FASTEST)");
  s = udpAt(v1::Rate::PPS, 10);
  s.mutable_control()->set_after(static_cast<v1::Control::AfterStream>(-3));
  EXPECT_EQ(compileError(s),
            "control.after: unknown value -3 (allowed AFTER_UNSPECIFIED, NEXT, STOP, GOTO_FIRST, GOTO_STREAM)");
  s = udpAt(v1::Rate::PPS, 10);
  s.add_variable_fields()->set_mode(static_cast<v1::VariableField::Mode>(9));
  EXPECT_EQ(compileError(s).substr(0, 42), "variable_fields[0].mode: unknown value 9 (");
}

TEST(RateLimits, SendTimesSaturateInsteadOfWrapping) {
  auto plan = compile(udpAt(v1::Rate::PPS, 1e-3));
  ASSERT_TRUE(plan.ok());
  const RateSchedule schedule(*plan, 10e9);
  EXPECT_EQ(schedule.offsetNs(1), 1'000'000'000'000u);
  EXPECT_EQ(schedule.offsetNs(uint64_t{1} << 62), std::numeric_limits<uint64_t>::max());
  EXPECT_EQ(afterNs(5, std::numeric_limits<uint64_t>::max()), std::numeric_limits<uint64_t>::max());
  EXPECT_EQ(afterNs(5, 7), 12u);
}

TEST(RateLimits, ARunEndsWhereItsNextPacketWouldBeDue) {
  auto plan = compile(udpAt(v1::Rate::PPS, 10));
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(RateSchedule(*plan, 10e9).runNs(1), 100'000'000u);
  v1::Stream bursts = udpAt(v1::Rate::BURSTS_PER_SECOND, 4);
  bursts.mutable_rate()->set_packets_per_burst(3);
  plan = compile(bursts);
  ASSERT_TRUE(plan.ok());
  const RateSchedule schedule(*plan, 10e9);
  EXPECT_EQ(schedule.runNs(6), 500'000'000u);                   // two bursts, 250 ms apart
  EXPECT_EQ(schedule.offsetNs(4), 250'000'000u + 67u);           // a burst's frames at line rate
}

}  // namespace
}  // namespace staccato::test
