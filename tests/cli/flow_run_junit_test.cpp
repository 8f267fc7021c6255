// flows run --junit (client/core/flows/flow_run_junit.h): a case per template judged on its
// steady phase, the verdict failed, skipped when the tester's limits showed, in error when the
// run ended early; and the pass rule the CLI's exit status shares.
#include <gtest/gtest.h>

#include "client/core/flows/flow_run_junit.h"

namespace staccato::client {
namespace {

/// A client side with a steady phase per template: `attempted` connections, `refused` of them refused.
v1::PortFlows run(std::vector<std::pair<uint64_t, uint64_t>> templates) {
  v1::PortFlows p;
  p.set_elapsed_ns(3'000'000'000);
  char name = 'a';
  for (auto [attempted, refused] : templates) {
    v1::FlowTemplateStats& t = *p.add_templates();
    t.set_name(std::string(1, name++));
    v1::FlowPhaseStats& steady = *t.add_phases();
    steady.set_phase("steady");
    steady.set_attempted(attempted);
    steady.set_established(attempted - refused);
    steady.set_completed(attempted - refused);
    steady.set_failed_refused(refused);
  }
  return p;
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

v1::FlowProfile profile() {
  v1::FlowProfile p;
  p.set_name("lab");
  p.mutable_load()->set_steady_seconds(2);
  return p;
}

TEST(FlowRunJunit, ATemplatePastTheRatioFailsAndSoDoesTheVerdict) {
  const v1::PortFlows client = run({{100, 0}, {100, 3}});
  EXPECT_FALSE(flowRunPassed(client, 0.01));
  EXPECT_TRUE(flowRunPassed(client, 0.02));  // 3 of 200 in all
  const std::string xml = flowRunJunit(profile(), client, 0.01);
  EXPECT_EQ(count(xml, "<testcase "), 3u) << xml;
  EXPECT_EQ(count(xml, "<failure"), 2u) << xml;  // template b, and the verdict
  EXPECT_NE(xml.find("3 of 100 connections failed (refused 3), more than 1 %"), std::string::npos) << xml;
  EXPECT_NE(xml.find("3 of 200 connections failed (refused 3)"), std::string::npos) << xml;
  EXPECT_EQ(count(flowRunJunit(profile(), client, 0.02), "<failure"), 1u);  // b's 3 % is past 2 %; the run's 1.5 % is not
}

TEST(FlowRunJunit, TheTestersLimitSkipsTheVerdictAndAnEarlyEndIsAnError) {
  v1::PortFlows behind = run({{100, 0}});
  behind.set_most_behind(80);
  EXPECT_FALSE(flowRunPassed(behind, 0));
  const std::string skipped = flowRunJunit(profile(), behind, 0);
  EXPECT_EQ(count(skipped, "<skipped"), 1u) << skipped;
  EXPECT_EQ(count(skipped, "<failure"), 0u) << skipped;
  EXPECT_NE(skipped.find("fell up to 80 connections behind"), std::string::npos) << skipped;
  v1::PortFlows ended = run({{100, 0}});
  ended.set_error("epoll_wait: Bad file descriptor");
  EXPECT_FALSE(flowRunPassed(ended, 0));
  EXPECT_EQ(count(flowRunJunit(profile(), ended, 0), "<error"), 1u);
  EXPECT_TRUE(flowRunPassed(run({{100, 0}}), 0));
}

}  // namespace
}  // namespace staccato::client
