// RFC 9411's search over flow runs (client/core/flows/flow_search.h): bisection to the
// resolution against a device with a known limit, the tester's limit ending it incomplete, and
// each trial judged from the client's numbers (failures, p99, the tester's own limits).
#include <gtest/gtest.h>

#include <cstring>

#include "client/core/flows/flow_search.h"
#include "client/core/flows/flow_totals.h"
#include "rpc/stats/latency_buckets.h"

namespace staccato::client {
namespace {

/// A device that passes every load up to `limit`.
auto deviceWithLimit(double limit, std::vector<double>* tried = nullptr) {
  return [limit, tried](double load) {
    if (tried) tried->push_back(load);
    FlowTrialOutcome o;
    o.passed = load <= limit;
    return o;
  };
}

/// A run whose every uint64 count of a phase has its own value, `scale` times 100, 110, 120, ...
v1::PortFlows everyCountSet(uint64_t scale, int* counts = nullptr) {
  v1::PortFlows flows;
  v1::FlowPhaseStats& p = *flows.add_templates()->add_phases();
  const google::protobuf::Descriptor* d = p.GetDescriptor();
  int n = 0;
  for (int i = 0; i < d->field_count(); ++i)
    if (d->field(i)->cpp_type() == google::protobuf::FieldDescriptor::CPPTYPE_UINT64)
      p.GetReflection()->SetUInt64(&p, d->field(i), scale * uint64_t(100 + 10 * n++));
  if (counts) *counts = n;
  return flows;
}

TEST(FlowTotals, EveryCountIsSummedAndTakenApart) {
  int counts = 0;
  const FlowTotals later = flowTotals(everyCountSet(2, &counts)), earlier = flowTotals(everyCountSet(1));
  EXPECT_EQ(counts, 14);
  EXPECT_EQ(later.attempted, 200u);
  EXPECT_EQ(later.tlsResumed, 460u);
  EXPECT_EQ(earlier.failures(), 130u + 140 + 150 + 160);
  const FlowTotals difference = later.minus(earlier);  // a count minus forgot would be 0 here
  EXPECT_EQ(std::memcmp(&difference, &earlier, sizeof earlier), 0);
}

TEST(FlowSearch, FindsTheLimitWithinTheResolution) {
  std::vector<double> tried;
  const FlowSearchResult r = searchFlowLoad({100, 10000, 0.02}, deviceWithLimit(3137, &tried));
  EXPECT_TRUE(r.complete);
  EXPECT_FALSE(r.atLeast);
  EXPECT_LE(r.found, 3137);
  EXPECT_GE(r.found, 3137 * 0.98);
  EXPECT_EQ(tried[0], 10000);  // the top first, then the bottom
  EXPECT_EQ(tried[1], 100);
  EXPECT_EQ(r.trials.size(), tried.size());
  EXPECT_LT(tried.size(), 12u);
}

TEST(FlowSearch, ATopThatPassesIsAtLeastIt) {
  const FlowSearchResult r = searchFlowLoad({10, 500, 0.02}, deviceWithLimit(1e9));
  EXPECT_TRUE(r.atLeast);
  EXPECT_EQ(r.found, 500);
  EXPECT_EQ(r.trials.size(), 1u);
}

TEST(FlowSearch, ABottomThatFailsFindsNothing) {
  const FlowSearchResult r = searchFlowLoad({10, 500, 0.02}, deviceWithLimit(5));
  EXPECT_EQ(r.found, 0);
  EXPECT_TRUE(r.complete);
  EXPECT_NE(r.why.find("lowest"), std::string::npos);
}

TEST(FlowSearch, TheTestersLimitEndsItIncompleteAtWhatPassedBelow) {
  auto trial = [](double load) {
    FlowTrialOutcome o;
    o.testerLimited = load > 2000;  // the tester cannot offer more than 2000
    o.passed = !o.testerLimited;
    return o;
  };
  const FlowSearchResult r = searchFlowLoad({100, 10000, 0.02}, trial);
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.found, 0);  // the top was not offered: nothing judged yet
  EXPECT_NE(r.why.find("could not offer 10000"), std::string::npos) << r.why;
}

v1::PortFlows clientWith(uint64_t attempted, uint64_t refused, uint64_t p99Ns, uint64_t mostBehind = 0) {
  v1::PortFlows p;
  p.set_most_behind(mostBehind);
  v1::FlowPhaseStats& s = *p.add_templates()->add_phases();
  s.set_phase("steady");
  s.set_attempted(attempted);
  s.set_failed_refused(refused);
  v1::LatencyStats& l = *s.mutable_last_byte_time();
  l.set_samples(attempted - refused);
  l.set_min_ns(p99Ns / 2);
  l.set_max_ns(p99Ns);
  l.set_avg_ns(p99Ns / 2);
  l.set_sub_bucket_bits(6);
  l.add_bucket_index(6 * 64);  // one bucket, 2048 ns (2^11) and up: the percentiles come from it
  l.add_bucket_count(attempted - refused);
  rpc::setPercentiles(l);  // as the drone sends them
  return p;
}

TEST(FlowSearch, TrialsAreJudgedOnFailuresLatencyAndTheTestersLimits) {
  EXPECT_TRUE(judgeFlowTrial(clientWith(1000, 0, 4096), {0, 0}).passed);
  EXPECT_FALSE(judgeFlowTrial(clientWith(1000, 3, 4096), {0, 0}).passed);
  EXPECT_TRUE(judgeFlowTrial(clientWith(1000, 3, 4096), {0.005, 0}).passed);
  EXPECT_FALSE(judgeFlowTrial(clientWith(1000, 0, 4096), {0, 1000}).passed);  // p99 about 2 us, above 1 us
  EXPECT_TRUE(judgeFlowTrial(clientWith(1000, 0, 4096), {0, 10'000'000}).passed);
  const FlowTrialOutcome behind = judgeFlowTrial(clientWith(1000, 0, 4096, 50), {0, 0});
  EXPECT_TRUE(behind.testerLimited);
  EXPECT_FALSE(behind.passed);
  EXPECT_FALSE(judgeFlowTrial(v1::PortFlows(), {1, 0}).passed);  // nothing attempted proves nothing
}

}  // namespace
}  // namespace staccato::client
