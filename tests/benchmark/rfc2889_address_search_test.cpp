// RFC 2889 address caching and learning rate searches against a model switch: a table of
// `capacity` addresses that learns at most `learnPps` a second; what it did not learn it floods.
#include <gtest/gtest.h>

#include <cmath>

#include "client/core/benchmark/rfc2889_address_search.h"

namespace staccato::bench {
namespace {

struct ModelSwitch {
  uint64_t capacity = 1000;
  double learnPps = 1e9;
  double testerMaxPps = 1e9;  ///< the tester sends no faster
  uint64_t testerShortAt = 0; ///< from this many addresses on, the tester sends one frame short
  int calls = 0;

  AddressProbe probe() {
    return [this](uint64_t n, double pps) -> Result<AddressTrial> {
      ++calls;
      AddressTrial t;
      t.addresses = n;
      t.askedPps = pps;
      t.learningPps = std::min(pps, testerMaxPps);
      t.learningSent = t.testSent = n;
      if (testerShortAt && n >= testerShortAt) {
        t.learningSent = n - 1;
        t.testerNote = "sent " + std::to_string(n - 1) + " learning frames of " + std::to_string(n);
      }
      const uint64_t learned = t.learningPps > learnPps ? uint64_t(double(n) * learnPps / t.learningPps) : n;
      const uint64_t kept = std::min(learned, capacity);
      t.forwarded = n;  // learned ones go to the learning port; the rest are flooded there too
      t.flooded = n - kept;
      return t;
    };
  }
};

TEST(CachingSearch, FindsTheTableSizeExactly) {
  for (uint64_t capacity : {1ull, 999ull, 1000ull, 2047ull, 4095ull}) {
    ModelSwitch sw{.capacity = capacity};
    auto r = searchCachingCapacity({.maxAddresses = 4096}, sw.probe());
    ASSERT_TRUE(r) << r.error().toString();
    EXPECT_EQ(r->capacity, capacity);
    EXPECT_TRUE(r->complete);
    EXPECT_FALSE(r->atLeast);
    EXPECT_LE(sw.calls, 13) << "a binary search over 4096";
    for (const AddressTrial& t : r->trials) EXPECT_EQ(t.passed(), t.addresses <= capacity) << t.addresses;
  }
}

TEST(CachingSearch, ATableLargerThanTheLargestTrialIsAtLeastThat) {
  ModelSwitch sw{.capacity = 100000};
  auto r = searchCachingCapacity({.maxAddresses = 4096}, sw.probe());
  ASSERT_TRUE(r);
  EXPECT_EQ(r->capacity, 4096u);
  EXPECT_TRUE(r->atLeast);
  EXPECT_EQ(sw.calls, 1);
}

TEST(CachingSearch, ATableThatLearnsNothingHasNoCapacity) {
  ModelSwitch sw{.capacity = 0};
  auto r = searchCachingCapacity({.maxAddresses = 64}, sw.probe());
  ASSERT_TRUE(r);
  EXPECT_EQ(r->capacity, 0u);
  EXPECT_TRUE(r->complete);
}

TEST(CachingSearch, ResolutionStopsEarlierWithinIt) {
  ModelSwitch sw{.capacity = 3000};
  auto r = searchCachingCapacity({.maxAddresses = 4096, .resolution = 40}, sw.probe());
  ASSERT_TRUE(r);
  EXPECT_LE(r->capacity, 3000u);
  EXPECT_GT(r->capacity + 40, 3000u);
  EXPECT_LT(sw.calls, 12);
}

TEST(CachingSearch, ATrialTheTesterDidNotSendAsAskedStopsItIncomplete) {
  ModelSwitch sw{.capacity = 3000, .testerShortAt = 2000};
  auto r = searchCachingCapacity({.maxAddresses = 4096}, sw.probe());
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->complete);
  EXPECT_NE(r->note.find("judges nothing"), std::string::npos) << r->note;
  EXPECT_EQ(sw.calls, 1) << "the first trial (4096) was short: no verdict on the device at all";
  EXPECT_EQ(r->capacity, 0u);
}

TEST(CachingSearch, AStopRequestEndsItAndSaysSo) {
  ModelSwitch sw{.capacity = 3000};
  int trials = 0;
  AddressSearchHooks hooks{.trialDone = [&](const AddressTrial&) { ++trials; }, .stopRequested = [&] { return trials >= 3; }};
  auto r = searchCachingCapacity({.maxAddresses = 4096}, sw.probe(), hooks);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->trials.size(), 3u);
  EXPECT_FALSE(r->complete);
  EXPECT_EQ(r->note, "stopped before the search ended");
}

TEST(CachingSearch, ADroneErrorIsAnError) {
  auto r = searchCachingCapacity({}, [](uint64_t, double) -> Result<AddressTrial> { return makeError("lab-a", "gone"); });
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().toString(), "lab-a: gone");
}

TEST(CachingSearch, SettingsOutOfRangeNameTheSetting) {
  EXPECT_EQ(checkCachingSettings({.maxAddresses = 0}).error().path, "max_addresses");
  EXPECT_EQ(checkCachingSettings({.maxAddresses = 10, .resolution = 11}).error().path, "resolution");
  EXPECT_EQ(checkCachingSettings({.learningPps = std::nan("")}).error().path, "learning_rate");
}

TEST(LearningSearch, FindsTheLearningRateWithinTheResolution) {
  ModelSwitch sw{.capacity = 100000, .learnPps = 37000};
  auto r = searchLearningRate({.addresses = 1000, .minPps = 100, .maxPps = 100000, .resolution = 0.01}, sw.probe());
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->complete);
  EXPECT_FALSE(r->atLeast);
  EXPECT_LE(r->ratePps, 37000);
  EXPECT_GE(r->ratePps, 37000 * 0.99);
}

TEST(LearningSearch, RatesAreAsSentNotAsAsked) {
  // The tester reaches 20 kpps only: a pass at "100 kpps" is a pass at 20 kpps, and says so.
  ModelSwitch sw{.capacity = 100000, .testerMaxPps = 20000};
  auto r = searchLearningRate({.addresses = 1000, .maxPps = 100000}, sw.probe());
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->atLeast);
  EXPECT_EQ(r->ratePps, 20000);
}

TEST(LearningSearch, NotEvenTheSlowestRateIsNone) {
  ModelSwitch sw{.capacity = 10};
  auto r = searchLearningRate({.addresses = 1000, .minPps = 100, .maxPps = 1000}, sw.probe());
  ASSERT_TRUE(r);
  EXPECT_EQ(r->ratePps, 0);
  EXPECT_EQ(r->trials.back().askedPps, 100);
  EXPECT_TRUE(r->complete);
}

TEST(LearningSearch, SettingsOutOfRangeNameTheSetting) {
  EXPECT_EQ(checkLearningSettings({.minPps = 10, .maxPps = 5}).error().path, "max_rate");
  EXPECT_EQ(checkLearningSettings({.resolution = 0}).error().path, "resolution");
  EXPECT_EQ(checkLearningSettings({.addresses = 0}).error().path, "addresses");
}

}  // namespace
}  // namespace staccato::bench
