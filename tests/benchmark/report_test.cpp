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
  EXPECT_EQ(c.series[1].name, "tester calibration") << "references first: results are drawn over them";
  EXPECT_TRUE(c.series[2].points[0].hollow) << "64 bytes is tester-limited";
  EXPECT_FALSE(c.series[2].points[1].hollow);
  const std::string svg = svgChart(c);
  EXPECT_LT(svg.find("data-name=\"tester calibration\""), svg.find("data-name=\"NDR")) << "the ceiling over the results";
  EXPECT_NE(svg.find("r=\"6\""), std::string::npos) << "a hollow point is larger than the markers it may sit on";
  EXPECT_EQ(svgChart(Chart{"empty", "t", "x", "y", {}, {{"none", {}, false}}}), "");
}

TEST(Charts, LatencyOnALogScaleKeepsMinimumAverageAndMaximumApart) {
  // A 17 ms maximum beside 5 us minima: on a linear axis everything but the maximum sat on zero.
  Chart c{"l", "t", "x", "y", {"64"}, {{"min", {{0, 5}}, false}, {"max", {{0, 17000}}, false}}};
  c.logY = true;
  const std::string svg = svgChart(c);
  auto cy = [&](const char* series) {
    const size_t at = svg.find("cy=\"", svg.find(std::string("data-name=\"") + series));
    return std::stod(svg.substr(at + 4));
  };
  EXPECT_GT(cy("min") - cy("max"), 200) << "minimum and maximum are a decade-spaced axis apart";
  for (const char* tick : {">1</text>", ">10</text>", ">100</text>", ">1000</text>", ">10000</text>", ">100000</text>"})
    EXPECT_NE(svg.find(tick), std::string::npos) << tick;
  EXPECT_TRUE(latencyChart(sample()).logY);
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
  // Every case's time is its trials' sending time (latency, loss and b2b once said 0.000).
  for (const char* suite : {"throughput", "latency", "loss", "b2b"}) {
    const size_t at = xml.find(std::string("classname=\"benchmark.") + suite + "\" name=\"512 B\" time=\"");
    ASSERT_NE(at, std::string::npos) << suite;
    const double seconds = std::stod(xml.substr(xml.find("time=\"", at) + 6));
    double expected = 0;
    for (const TrialResult& t : sample().trials)
      if (t.test == suite && t.request.frameSize == FrameSize::fixed(512)) expected += t.durationSeconds;
    EXPECT_GT(seconds, 0) << suite;
    EXPECT_NEAR(seconds, expected, 0.001) << suite;
  }
  BenchmarkResult stopped = sample();
  stopped.error = "drone unreachable";
  EXPECT_NE(junitReport(stopped).find("<error message=\"drone unreachable\"/>"), std::string::npos);
}

}  // namespace
}  // namespace staccato::bench::testing
