// RFC 9411's search one trial at a time (client/core/flows/flow_search_steps.h): stepping it
// trial by trial asks for the same loads and ends with the same result as searchFlowLoad run
// at once; the result so far between trials; a trial's profile.
#include <gtest/gtest.h>

#include "client/core/flows/flow_search_steps.h"

namespace staccato::client {
namespace {

FlowTrialOutcome deviceWithLimit(double limit, double testerLimit, double load) {
  FlowTrialOutcome o;
  o.testerLimited = load > testerLimit;
  o.passed = !o.testerLimited && load <= limit;
  o.why = o.passed ? "passed" : "failed";
  return o;
}

/// Steps the search to its end against the device; every step's result so far checked.
FlowSearchResult stepped(const FlowSearchSettings& s, double limit, double testerLimit) {
  std::vector<FlowSearchTrial> judged;
  for (size_t i = 0; i < 100; ++i) {
    FlowSearchStep step = nextFlowSearchStep(s, judged);
    EXPECT_EQ(step.result.trials.size(), judged.size());
    if (!step.next) return step.result;
    EXPECT_FALSE(step.result.complete);
    EXPECT_TRUE(step.result.why.empty());
    judged.push_back({*step.next, deviceWithLimit(limit, testerLimit, *step.next)});
  }
  ADD_FAILURE() << "the search never ended";
  return {};
}

void expectSame(const FlowSearchResult& a, const FlowSearchResult& b) {
  EXPECT_EQ(a.found, b.found);
  EXPECT_EQ(a.atLeast, b.atLeast);
  EXPECT_EQ(a.complete, b.complete);
  EXPECT_EQ(a.why, b.why);
  ASSERT_EQ(a.trials.size(), b.trials.size());
  for (size_t i = 0; i < a.trials.size(); ++i) EXPECT_EQ(a.trials[i].load, b.trials[i].load);
}

TEST(FlowSearchSteps, SteppedSearchesEndAsTheWholeSearch) {
  const FlowSearchSettings s{100, 10000, 0.02};
  for (auto [limit, testerLimit] : {std::pair{3137.0, 1e9}, {1e9, 1e9}, {50.0, 1e9}, {3137.0, 2000.0}, {3137.0, 20000.0}}) {
    SCOPED_TRACE(limit);
    SCOPED_TRACE(testerLimit);
    const FlowSearchResult whole =
        searchFlowLoad(s, [&](double load) { return deviceWithLimit(limit, testerLimit, load); });
    expectSame(stepped(s, limit, testerLimit), whole);
  }
}

TEST(FlowSearchSteps, FirstStepIsTheTopAndWhatPassedSoFarIsKept) {
  const FlowSearchSettings s{100, 10000, 0.02};
  FlowSearchStep first = nextFlowSearchStep(s, {});
  ASSERT_TRUE(first.next);
  EXPECT_EQ(*first.next, 10000);
  EXPECT_EQ(first.result.found, 0);
  std::vector<FlowSearchTrial> judged{{10000, deviceWithLimit(3137, 1e9, 10000)}, {100, deviceWithLimit(3137, 1e9, 100)}};
  FlowSearchStep third = nextFlowSearchStep(s, judged);
  ASSERT_TRUE(third.next);
  EXPECT_EQ(*third.next, 5050);
  EXPECT_EQ(third.result.found, 100);
  EXPECT_FALSE(third.result.complete);
}

TEST(FlowSearchSteps, TrialProfile) {
  v1::FlowProfile p;
  p.mutable_load()->set_connections_per_second(200);
  p.mutable_load()->set_steady_seconds(30);
  const v1::FlowProfile concurrent = flowTrialProfile(p, false, 300, 5);
  EXPECT_EQ(concurrent.load().target_case(), v1::FlowLoad::kConcurrent);
  EXPECT_EQ(concurrent.load().concurrent(), 300u);
  EXPECT_EQ(concurrent.load().steady_seconds(), 5);
  EXPECT_EQ(flowTrialProfile(p, true, 450, 5).load().connections_per_second(), 450);
}

}  // namespace
}  // namespace staccato::client
