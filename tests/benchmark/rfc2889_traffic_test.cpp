// RFC 2889 traffic tests' logic (client/core/benchmark/rfc2889_traffic.h, _result.h): a trial's
// verdict from its pairs, the throughput search against a model switch that forwards up to a
// share of the line rate, and the result file's answer and pairs.
#include <gtest/gtest.h>

#include "client/core/benchmark/rfc2889_traffic.h"
#include "client/core/benchmark/rfc2889_traffic_result.h"

namespace staccato::bench {
namespace {

/// 4 ports fully meshed; the switch forwards each port's share up to `limit` of the line rate.
TrafficProbe modelSwitch(double limit, int& calls, std::string testerNoteAbove = "", double testerAbove = 2) {
  return [=, &calls](double load) -> Result<TrafficTrial> {
    ++calls;
    TrafficTrial t;
    t.load = load;
    t.seconds = 1;
    t.offeredFps = load * 14880;
    const uint64_t sent = uint64_t(t.offeredFps / 3);
    for (const char* tx : {"va", "vb", "vc", "vd"})
      for (const char* rx : {"va", "vb", "vc", "vd"})
        if (std::string(tx) != rx)
          t.pairs.push_back({tx, rx, sent, load > limit ? uint64_t(double(sent) * limit / load) : sent});
    if (load > testerAbove) t.testerNote = testerNoteAbove;
    return t;
  };
}

TEST(TrafficTrial, PassesOnlyWithEveryFrameWhereItBelongsAndNowhereElse) {
  TrafficTrial t;
  t.seconds = 2;
  t.pairs = {{"va", "vb", 100, 100}, {"vb", "va", 100, 100}};
  EXPECT_TRUE(t.passed());
  EXPECT_DOUBLE_EQ(t.forwardedFps(), 100);
  t.pairs[1].elsewhere = 1;  // flooded to a third port as well
  EXPECT_FALSE(t.passed());
  t.pairs[1].elsewhere = 0;
  t.pairs[0].received = 99;
  EXPECT_FALSE(t.passed());
  EXPECT_EQ(t.lost(), 1u);
  t.pairs[0].received = 100;
  t.testerNote = "va sent 90 of 100 frames";
  EXPECT_FALSE(t.judged());
  EXPECT_FALSE(t.passed());
}

TEST(ThroughputSearch, FindsTheSwitchsShareWithinTheResolution) {
  int calls = 0;
  auto r = searchThroughput({.maxLoad = 1, .minLoad = 0.01, .resolution = 0.01}, modelSwitch(0.4032, calls));
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->complete);
  EXPECT_LE(r->throughput, 0.4032);
  EXPECT_GT(r->throughput, 0.4032 - 0.01);
  ASSERT_NE(r->atThroughput(), nullptr);
  EXPECT_EQ(r->atThroughput()->load, r->throughput);
  EXPECT_EQ(r->heaviest()->load, 1.0);
  EXPECT_LE(calls, 9);
}

TEST(ThroughputSearch, LineRateForwardedIsOneTrial) {
  int calls = 0;
  auto r = searchThroughput({}, modelSwitch(1.0, calls));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->throughput, 1.0);
  EXPECT_EQ(calls, 1);
}

TEST(ThroughputSearch, ATrialTheTesterDidNotSendStopsItIncomplete) {
  int calls = 0;
  auto r = searchThroughput({}, modelSwitch(0.3, calls, "va sent 10 of 4960 frames", 0.9));
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->complete);
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(r->throughput, 0);
  EXPECT_NE(r->note.find("judges nothing"), std::string::npos) << r->note;
}

TEST(ThroughputSearch, SettingsOutOfRangeNameTheSetting) {
  EXPECT_EQ(checkThroughputSettings({.maxLoad = 1.5}).error().path, "max_load");
  EXPECT_EQ(checkThroughputSettings({.maxLoad = 0.5, .minLoad = 0.6}).error().path, "min_load");
  EXPECT_EQ(checkThroughputSettings({.resolution = std::numeric_limits<double>::quiet_NaN()}).error().path, "resolution");
}

TEST(Rfc2889TrafficResult, TheAnswerAndEveryPairInTheFile) {
  int calls = 0;
  Rfc2889TrafficResult r;
  r.ports = {"va", "vb", "vc", "vd"};
  r.search = *searchThroughput({.resolution = 0.05}, modelSwitch(0.5, calls));
  EXPECT_EQ(r.answer().rfind("throughput 50 % of the line rate per port", 0), 0u) << r.answer();
  const std::string json = rfc2889TrafficJson(r);
  EXPECT_NE(json.find("\"test\": \"fully_meshed\""), std::string::npos);
  EXPECT_NE(json.find("\"throughput_load\": 0.5"), std::string::npos) << json.substr(0, 800);
  EXPECT_NE(json.find("\"rx\": \"vd\""), std::string::npos);
  r.error = "lab-a: gone";
  EXPECT_EQ(r.answer().rfind("incomplete: lab-a: gone (so far: throughput 50 %", 0), 0u) << r.answer();
  EXPECT_FALSE(r.complete());
}

}  // namespace
}  // namespace staccato::bench
