// The RFC 2889 HTML reports from results alone: the answer, the settings, a chart with a point per
// trial (hollow when not judged), the trials and the pairs at the answer, congestion control's
// verdicts; names escaped.
#include <gtest/gtest.h>

#include <regex>

#include "client/core/benchmark/rfc2889_report_html.h"

namespace staccato::bench {
namespace {

size_t occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(Rfc2889Report, AddressCachingTrialByTrial) {
  Rfc2889AddressResult r;
  r.generator = "staccato test";
  r.learningPort = "va", r.testPort = "vb<script>", r.monitorPort = "vc";
  r.agingSeconds = 6.5;
  r.cachingSettings = CachingSettings{};
  AddressTrial flooded{2048, 1000, 999.5, 2048, 2048, 999, 1049, ""};
  AddressTrial learned{999, 1000, 999.8, 999, 999, 999, 0, ""};
  AddressTrial unsent{1500, 1000, 400, 700, 0, 0, 0, "va sent 700 of 1500 frames"};
  r.caching.trials = {flooded, learned, unsent};
  r.caching.capacity = 999;
  r.caching.complete = true;
  const std::string html = rfc2889HtmlReport(r);
  EXPECT_NE(html.find("Address caching capacity: " + r.answer()), std::string::npos) << html;
  EXPECT_NE(html.find("vb&lt;script&gt;"), std::string::npos);
  EXPECT_EQ(html.find("vb<script>"), std::string::npos);
  EXPECT_EQ(occurrences(html, "class=\"point"), 3u) << "a point per trial";
  EXPECT_NE(html.find("data-x=\"2048\""), std::string::npos);
  EXPECT_NE(html.find("<td>1049</td>"), std::string::npos) << "the flooded count in the trials table";
  EXPECT_NE(html.find("<td>not judged</td><td>va sent 700 of 1500 frames</td>"), std::string::npos);
}

TEST(Rfc2889Report, CongestionControlWithItsPairsAndVerdicts) {
  Rfc2889TrafficResult r;
  r.pattern = TrafficPattern::kCongestion;
  r.generator = "staccato test";
  r.ports = {"va", "vb", "vc", "vd"};
  r.lineRateBps = 10e6;
  r.trialSeconds = 1;
  r.settings.maxLoad = 1;
  TrafficTrial t;
  t.load = 1, t.offeredFps = 14880, t.seconds = 1;
  t.pairs = {{"va", "vc", 7440, 4960}, {"va", "vd", 7440, 7440}, {"vb", "vc", 14880, 9920}};
  r.search.trials = {t};
  r.search.complete = true;
  const std::string html = rfc2889HtmlReport(r);
  EXPECT_NE(html.find("Congestion control (RFC 2889 5.5)"), std::string::npos);
  EXPECT_NE(html.find("Congestion control at 100 %: head-of-line blocking: no (0 of 7440 frames to the uncongested port lost); "
                      "back pressure: no"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<td>va -&gt; vd</td><td>7440</td><td>7440</td><td>0</td>"), std::string::npos) << "the pairs table";
  EXPECT_NE(html.find("one trial at 100.00 %"), std::string::npos);
  EXPECT_EQ(occurrences(html, "<section"), 3u) << "summary, pairs, trials";
  EXPECT_EQ(html.find("<svg"), std::string::npos) << "one trial: no chart";
}

TEST(Rfc2889Report, AThroughputSearchShowsThePairsAtTheThroughput) {
  Rfc2889TrafficResult r;
  r.pattern = TrafficPattern::kManyToOne;
  r.ports = {"va", "vb", "vc"};
  r.lineRateBps = 10e6;
  r.trialSeconds = 1;
  TrafficTrial failed;
  failed.load = 1, failed.offeredFps = 14880, failed.seconds = 1;
  failed.pairs = {{"vb", "va", 14880, 7440}, {"vc", "va", 14880, 7440}};
  TrafficTrial passed = failed;
  passed.load = 0.5, passed.offeredFps = 7440;
  passed.pairs = {{"vb", "va", 7440, 7440}, {"vc", "va", 7440, 7440}};
  r.search.trials = {failed, passed};
  r.search.throughput = 0.5;
  r.search.complete = true;
  const std::string html = rfc2889HtmlReport(r);
  EXPECT_NE(html.find("Pairs at 50.00 %"), std::string::npos) << html;
  EXPECT_NE(html.find("the receiving port takes 2 times that"), std::string::npos);
  EXPECT_EQ(occurrences(html, "class=\"point"), 2u);
  std::smatch m;
  EXPECT_TRUE(std::regex_search(html, m, std::regex("<svg[^>]*id=\"forwarding\"")));
}

}  // namespace
}  // namespace staccato::bench
