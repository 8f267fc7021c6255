// The reports rendered from one result: the HTML page is self-contained and every chart has data
// (its structure is also checked by Python's own parsers, check_reports.py), the CSV and JUnit
// carry every result and say tester-limited and failed as they should.
#include <gtest/gtest.h>

#include <regex>

#include "client/core/benchmark/report_charts.h"
#include "client/core/benchmark/report_csv.h"
#include "client/core/benchmark/report_html.h"
#include "client/core/benchmark/report_junit.h"
#include "tests/benchmark/sample_result.h"

namespace staccato::bench::testing {
namespace {

const BenchmarkResult& sample() {
  static const BenchmarkResult r = sampleResult();
  return r;
}

size_t countOf(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(HtmlReport, EveryChartHasDataAndNothingIsFetched) {
  ASSERT_TRUE(sample().error.empty()) << sample().error;
  const std::string html = htmlReport(sample());
  const std::regex svg("<svg[^>]*>([\\s\\S]*?)</svg>");
  size_t charts = 0;
  for (auto it = std::sregex_iterator(html.begin(), html.end(), svg); it != std::sregex_iterator(); ++it, ++charts)
    EXPECT_GE(countOf((*it)[1].str(), "<circle class=\"point\""), 2u) << "chart " << charts << " has no data";
  EXPECT_EQ(charts, 4u) << "throughput, latency, loss and back-to-back";
  // The only URL is the SVG namespace's name (a name, never fetched).
  std::string rest = std::regex_replace(html, std::regex("xmlns=\"http://www\\.w3\\.org/2000/svg\""), "");
  EXPECT_EQ(rest.find("http://"), std::string::npos);
  EXPECT_EQ(rest.find("https://"), std::string::npos);
  for (const char* external : {"<script", "<link", "<img", "<iframe", "url(", "@import", "src="})
    EXPECT_EQ(html.find(external), std::string::npos) << external;
}

TEST(HtmlReport, SaysTesterLimitedAndListsEveryTrial) {
  const std::string html = htmlReport(sample());
  EXPECT_NE(html.find("tester-limited at"), std::string::npos);
  EXPECT_NE(html.find("is below the required"), std::string::npos);
  size_t trialRows = 0;
  for (const TrialResult& t : sample().trials) trialRows += html.find("<tr><td>" + std::to_string(t.number) + "</td><td>" + t.test) != std::string::npos;
  EXPECT_EQ(trialRows, sample().trials.size());
}

TEST(HtmlReport, EscapesWhatUsersType) {
  BenchmarkResult r = sample();
  r.config.portPairs = {{"<script>alert(1)</script>", "b&c"}};
  const std::string html = htmlReport(r);
  EXPECT_EQ(html.find("<script>"), std::string::npos);
  EXPECT_NE(html.find("&lt;script&gt;alert(1)&lt;/script&gt; -&gt; b&amp;c"), std::string::npos);
}

TEST(Charts, ThroughputAgainstLineRateWithHollowTesterLimitedPoints) {
  const Chart c = throughputChart(sample());
  ASSERT_GE(c.series.size(), 3u);
  EXPECT_EQ(c.series[0].name, "line rate (theory)");
  ASSERT_EQ(c.series[0].points.size(), 5u);
  EXPECT_NEAR(c.series[0].points[0].y, maxFrameRate(1e9, 64) / 1e3, 1e-9);
  EXPECT_TRUE(c.series[1].points[0].hollow) << "64 bytes is tester-limited";
  EXPECT_FALSE(c.series[1].points[1].hollow);
  EXPECT_EQ(svgChart(Chart{"empty", "t", "x", "y", {}, {{"none", {}, false}}}), "");
}

TEST(CsvReport, OneRowPerResultAndPerTrial) {
  const std::string results = resultsCsv(sample()), trials = trialsCsv(sample());
  size_t expected = 1;
  for (const SizeResult& s : sample().sizes)
    expected += s.throughput->goals.size() + s.latency->points.size() + s.frameLoss->steps.size() + 1;
  EXPECT_EQ(countOf(results, "\n"), expected);
  EXPECT_EQ(countOf(trials, "\n"), sample().trials.size() + 1);
  EXPECT_NE(results.find("throughput,64,NDR,"), std::string::npos);
  EXPECT_NE(results.find(",tester-limited,"), std::string::npos);
}

TEST(JunitReport, TestCasePerTestAndSizeSkippedWhenTesterLimited) {
  const std::string xml = junitReport(sample());
  EXPECT_EQ(countOf(xml, "<testcase "), 4u * 5u);
  EXPECT_EQ(countOf(xml, "<testsuite "), 4u);
  EXPECT_NE(xml.find("name=\"64 B\" time="), std::string::npos);
  // 64 bytes: the generator's ceiling; 1518 bytes: NDR below the required 31 %.
  const size_t at64 = xml.find("classname=\"benchmark.throughput\" name=\"64 B\"");
  ASSERT_NE(at64, std::string::npos);
  EXPECT_LT(xml.find("<skipped message=\"NDR tester-limited at", at64), xml.find("</testcase>", at64));
  const size_t at1518 = xml.find("classname=\"benchmark.throughput\" name=\"1518 B\"");
  EXPECT_LT(xml.find("<failure message=\"NDR 30.", at1518), xml.find("</testcase>", at1518));
  BenchmarkResult stopped = sample();
  stopped.error = "drone unreachable";
  EXPECT_NE(junitReport(stopped).find("<error message=\"drone unreachable\"/>"), std::string::npos);
}

}  // namespace
}  // namespace staccato::bench::testing
