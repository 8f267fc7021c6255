// One side's loops exported as one: counts summed, histograms merged (percentiles from the
// merged buckets), elapsed the longest loop's, buckets dropped when not asked for.
#include <gtest/gtest.h>

#include "common/files/flow_profile.h"
#include "drone/flows/flow_stats_export.h"

namespace staccato::drone {
namespace {

FlowPlan oneTemplate() {
  auto profile = parseFlowProfile(R"({"format_version": 1, "templates": [{"name": "web", "port": 80, "http": {}}],
      "load": {"concurrent": 2, "steady_seconds": 1}, "clients": {"first_address": "10.1.0.1"},
      "servers": {"first_address": "10.2.0.1"}})");
  EXPECT_TRUE(profile) << profile.error().toString();
  return *planFlows(*profile);
}

TEST(FlowStatsExport, TwoLoopsReadAsOneSide) {
  const FlowPlan plan = oneTemplate();
  FlowSideStats a(1), b(1);
  PhaseCounters& pa = a.of(0).phase(FlowPhase::kSteady);
  PhaseCounters& pb = b.of(0).phase(FlowPhase::kSteady);
  pa.attempted = 10, pb.attempted = 7;
  pa.tlsResumed = 3, pb.tlsResumed = 4;
  pb.fail(FlowFailure::kRefused);
  for (int i = 0; i < 99; ++i) pa.connectTime.record(1'000);
  pb.connectTime.record(1'000'000);
  a.elapsedNs = 5, b.elapsedNs = 9;
  a.of(0).open = 2, b.of(0).open = 1;

  v1::PortFlows out;
  exportFlowStats({&a, &b}, plan, true, out);
  ASSERT_EQ(out.templates_size(), 1);
  const v1::FlowPhaseStats& steady = out.templates(0).phases(1);
  EXPECT_EQ(steady.phase(), "steady");
  EXPECT_EQ(steady.attempted(), 17u);
  EXPECT_EQ(steady.tls_resumed(), 7u);
  EXPECT_EQ(steady.failed_refused(), 1u);
  EXPECT_EQ(out.templates(0).open(), 3u);
  EXPECT_EQ(out.elapsed_ns(), 9u);
  EXPECT_EQ(steady.connect_time().samples(), 100u);
  EXPECT_EQ(steady.connect_time().max_ns(), 1'000'000u);
  EXPECT_LT(steady.connect_time().p50_ns(), 1'100u);  // from the merged buckets: the 99 fast ones
  EXPECT_GT(steady.connect_time().bucket_count_size(), 0);

  v1::PortFlows lean;
  exportFlowStats({&a, &b}, plan, false, lean);
  EXPECT_EQ(lean.templates(0).phases(1).connect_time().samples(), 100u);
  EXPECT_EQ(lean.templates(0).phases(1).connect_time().bucket_count_size(), 0);
}

}  // namespace
}  // namespace staccato::drone
