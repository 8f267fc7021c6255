// The Y.1564 reports, rendered from a run against the modelled policer (y1564_model.h): the result
// file reads back to the same result and refuses hostile values by their JSON path; the CSV,
// JUnit and HTML show every step and service with its verdict and reasons, names escaped.
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "client/core/benchmark/y1564_report_charts.h"
#include "client/core/benchmark/y1564_report_csv.h"
#include "client/core/benchmark/y1564_report_html.h"
#include "client/core/benchmark/y1564_report_junit.h"
#include "client/core/benchmark/y1564_result_json.h"
#include "common/files/file_reading.h"
#include "tests/benchmark/y1564_model.h"

namespace staccato::bench::testing {
namespace {

/// The model, except that its receiver misses frames in the policing step of service 1.
class MissedPolicingStep : public PolicerModel {
 public:
  using PolicerModel::PolicerModel;
  Result<Y1564Measurement> runStep(const Y1564Config& c, const Y1564Step& step) override {
    testerNote = step.service == 1 && step.kind == Y1564StepKind::kPolicing ? "the receiver missed frames" : "";
    return PolicerModel::runStep(c, step);
  }
};

Y1564Config twoServices() {
  Y1564Config c;
  Y1564Service voice;
  voice.name = "voice, EF";
  voice.frameSize = FrameSize::fixed(128);
  voice.cirMbps = 20;
  voice.sac = {10, 2, 0.0001, 0.9999};
  Y1564Service data = voice;
  data.name = "data";
  data.frameSize = FrameSize::fixed(512);
  data.cirMbps = 40;
  data.eirMbps = 20;
  c.services = {voice, data};
  c.performanceSeconds = 120;
  return c;
}

/// "voice, EF" passes its five configuration steps; "data" is policed 10 % below its CIR (its CIR
/// and CIR + EIR steps fail) and its policing step is not judged; the 120 s performance test
/// loses every frame for 15 s, so neither service is available enough.
const Y1564Result& sample() {
  static const Y1564Result r = [] {
    MissedPolicingStep device([](const Y1564Service& s) { return s.name == "data" ? 0.9 * s.cirMbps : s.cirMbps + s.eirMbps; });
    device.lossFrom = 30;
    device.lossTo = 45;
    Y1564Result result = runY1564(twoServices(), 1e9, device);
    result.generator = "staccato test";
    result.ports = "va@lab -> vb@lab";
    return result;
  }();
  return r;
}

size_t countOf(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

std::string errorOf(const std::string& json) {
  auto r = parseY1564Result(json);
  return r.ok() ? "(read)" : r.error().toString();
}

/// `json` with the first match of `pattern` replaced (the test fails if there is none).
std::string replaced(const std::string& json, const std::string& pattern, const std::string& with) {
  std::smatch m;
  EXPECT_TRUE(std::regex_search(json, m, std::regex(pattern))) << pattern;
  return m.empty() ? json : m.prefix().str() + with + m.suffix().str();
}

TEST(Y1564Report, TheSampleHasPassesFailuresAndAStepNotJudged) {
  const Y1564Result& r = sample();
  ASSERT_TRUE(r.error.empty()) << r.error;
  ASSERT_EQ(r.configuration.size(), 11u);  // voice: four CIR steps, policing; data: and CIR + EIR
  EXPECT_TRUE(r.configuration[4].verdict.pass) << "voice's policing step";
  EXPECT_FALSE(r.configuration[8].verdict.pass) << "data at CIR";
  EXPECT_TRUE(r.configuration[10].verdict.incomplete) << "data's policing step";
  ASSERT_EQ(r.performance.size(), 2u);
  EXPECT_EQ(r.performance[0].availability.unavailable, 15u);
  EXPECT_EQ(r.verdictWord(), "FAIL");
}

TEST(Y1564ResultJson, ReadsBackEveryMember) {
  const std::string json = y1564ResultJson(sample());
  auto back = parseY1564Result(json);
  ASSERT_TRUE(back.ok()) << back.error().toString();
  EXPECT_EQ(y1564ResultJson(*back), json);
  const Y1564Result& r = *back;
  EXPECT_EQ(r.generator, "staccato test");
  EXPECT_EQ(r.ports, "va@lab -> vb@lab");
  EXPECT_EQ(r.startedNs, sample().startedNs);
  EXPECT_EQ(r.endedNs, sample().endedNs);
  EXPECT_EQ(r.lineRateBps, 1e9);
  EXPECT_EQ(r.config.services[0].name, "voice, EF");
  EXPECT_EQ(r.config.services[1].eirMbps, 20);
  ASSERT_EQ(r.configuration.size(), sample().configuration.size());
  const Y1564StepResult& policing = r.configuration[10];
  EXPECT_EQ(policing.step.kind, Y1564StepKind::kPolicing);
  EXPECT_EQ(policing.step.service, 1u);
  EXPECT_EQ(policing.measured.testerNote, "the receiver missed frames");
  EXPECT_TRUE(policing.verdict.incomplete);
  EXPECT_EQ(r.configuration[8].verdict.failures, sample().configuration[8].verdict.failures);
  EXPECT_EQ(r.configuration[8].verdict.irMbps, sample().configuration[8].verdict.irMbps) << "doubles exactly";
  ASSERT_EQ(r.performance.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    const Y1564ServicePerformance &p = r.performance[i], &q = sample().performance[i];
    ASSERT_EQ(p.perSecond.size(), q.perSecond.size());
    for (size_t t = 0; t < p.perSecond.size(); ++t)
      ASSERT_TRUE(p.perSecond[t].sent == q.perSecond[t].sent && p.perSecond[t].received == q.perSecond[t].received) << t;
    EXPECT_EQ(p.availability.severelyErrored, q.availability.severelyErrored);
    EXPECT_EQ(p.verdict.failures, q.verdict.failures);
  }
  // Each second is one short row, [sent, received].
  EXPECT_EQ(countOf(json, "[9765, 0]"), 15u) << "data's lost seconds";
  EXPECT_NE(json.find("\"format\": \"staccato-y1564-result\""), std::string::npos);
  EXPECT_NE(json.find("\"verdict\": \"FAIL\""), std::string::npos);
  EXPECT_NE(y1564ResultSchema().find("\"per_second\""), std::string::npos);
}

TEST(Y1564ResultJson, AFileIsWrittenAtomicallyAndReadWithinItsLimit) {
  const std::string path = ::testing::TempDir() + "y1564_result.json";
  ASSERT_TRUE(writeY1564ResultFile(path, sample()).ok());
  auto back = readY1564ResultFile(path);
  ASSERT_TRUE(back.ok()) << back.error().toString();
  EXPECT_EQ(y1564ResultJson(*back), y1564ResultJson(sample()));
  auto missing = readY1564ResultFile(path + ".none");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().toString().find(path + ".none"), std::string::npos);
}

TEST(Y1564ResultJson, ADayOfSixteenServicesFitsTheReadLimit) {
  Y1564Result r;
  r.config = twoServices();
  r.config.performanceSeconds = 86400;
  r.config.services.resize(kMaxY1564Services, r.config.services[1]);
  for (size_t i = 2; i < r.config.services.size(); ++i) r.config.services[i].name = "service " + std::to_string(i);
  r.performance.resize(kMaxY1564Services);
  for (Y1564ServicePerformance& p : r.performance) p.perSecond.assign(86400, {14'880'952, 14'880'950});  // 10 Gbit/s of 64 B
  const std::string json = y1564ResultJson(r);
  EXPECT_LT(json.size(), kMaxSmallFileBytes) << "24 hours of 16 services at 10 Gbit/s";
}

TEST(Y1564ResultJson, HostileValuesAreRefusedByTheirPath) {
  const std::string json = y1564ResultJson(sample());
  EXPECT_EQ(errorOf(replaced(json, "\"sent\": \\d+", "\"sent\": -5")),
            "configuration[0].measured.sent: must be a whole number of at least 0");
  EXPECT_EQ(errorOf(replaced(json, "\"received\": \\d+", "\"received\": 1e17")),
            "configuration[0].measured.received: must be 0..9007199254740992");
  EXPECT_EQ(errorOf(replaced(json, "\"ftd_ms\": 2\\b", "\"ftd_ms\": \"NaN\"")), "configuration[0].measured.ftd_ms: must be a number");
  EXPECT_EQ(errorOf(replaced(json, "\"fdv_ms\": 0.3", "\"fdv_ms\": 1e300")), "configuration[0].measured.fdv_ms: must be 0..10000000");
  EXPECT_EQ(errorOf(replaced(json, "\"fdv_ms\": 0.3", "\"fdv_ms\": 1e999")).rfind("not a valid Staccato Y.1564 result: ", 0), 0u);
  EXPECT_EQ(errorOf(replaced(json, "\"flr\": 0,", "\"flr\": 1.5,")), "configuration[0].verdict.flr: must be 0..1");
  EXPECT_EQ(errorOf(replaced(json, "\"service\": 0", "\"service\": 7")),
            "configuration[0].step.service: 7 is not one of the config's 2 services");
  EXPECT_EQ(errorOf(replaced(json, "\"service\": 0", "\"service\": 99")), "configuration[0].step.service: must be 0..15");
  EXPECT_EQ(errorOf(replaced(json, "\\[9765, 0\\]", "[9765, 0, 1]")),
            "performance[1].per_second[30]: must be an array of 2 whole numbers");
  EXPECT_EQ(errorOf(replaced(json, "\"staccato-y1564-result\"", "\"staccato-benchmark\"")),
            "format: not a Staccato Y.1564 result (expected \"staccato-y1564-result\")");
  EXPECT_EQ(errorOf(replaced(json, "\"format_version\": 1", "\"format_version\": 2")).rfind("format_version: 2 is not a format", 0), 0u);
  EXPECT_EQ(errorOf(replaced(json, "\"cir_mbps\": 20", "\"cir_mbps\": -20")).rfind("config.services[0]: cir_mbps", 0), 0u)
      << "the config is checked as a config file is";
  Y1564Result longer = sample();
  longer.performance[1].perSecond.resize(130);
  EXPECT_EQ(errorOf(y1564ResultJson(longer)), "performance[1].per_second: 130 seconds, more than the test's 121");
  Y1564Result unavailable = sample();
  unavailable.performance[0].availability.unavailable = 500;
  EXPECT_EQ(errorOf(y1564ResultJson(unavailable)).rfind("performance[0].availability: ", 0), 0u);
  Y1564Result oneService = sample();
  oneService.performance.pop_back();
  EXPECT_EQ(errorOf(y1564ResultJson(oneService)), "performance: one per service of the config (2), or none");
}

TEST(Y1564Csv, ARowPerStepAndPerformanceTestWithNamesQuoted) {
  const std::string csv = y1564StepsCsv(sample());
  EXPECT_EQ(countOf(csv, "\n"), 1u + 11u + 2u);
  EXPECT_EQ(csv.rfind("service,step,rate_mbps,seconds,sent,received,flr_pct,ir_mbps,ftd_ms,fdv_ms,avail_pct,verdict,reasons\n", 0), 0u);
  EXPECT_NE(csv.find("\n\"voice, EF\",25 % of CIR,5.000,10.000,"), std::string::npos) << csv;
  EXPECT_EQ(countOf(csv, "\n\"voice, EF\","), 6u) << "five steps and the performance test";
  EXPECT_NE(csv.find(",36.000,2.000,0.300,,FAIL,FLR 10 % above the allowed 0.01 %; IR 36.00 Mbit/s below"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",INCOMPLETE,not judged: the receiver missed frames\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\ndata,performance,40.000,120.000,"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",87.5000,FAIL,"), std::string::npos) << "AVAIL with 15 of 120 seconds unavailable";
}

/// Every element closed in order (a small well-formedness check: no DTD, comments or CDATA here).
bool balanced(const std::string& xml, std::string& why) {
  std::vector<std::string> open;
  const std::regex tag("<(/?)([A-Za-z][\\w:-]*)[^<>]*?(/?)>");
  for (auto it = std::sregex_iterator(xml.begin(), xml.end(), tag); it != std::sregex_iterator(); ++it) {
    const std::string name = (*it)[2];
    if ((*it)[3].length()) continue;  // <empty/>
    if (!(*it)[1].length()) open.push_back(name);
    else if (open.empty() || open.back() != name) return why = "</" + name + "> closes <" + (open.empty() ? "" : open.back()) + ">", false;
    else open.pop_back();
  }
  if (!open.empty()) return why = "<" + open.back() + "> never closed", false;
  // Text and attributes hold no raw markup: every & starts an entity.
  if (std::regex_search(xml, std::regex("&(?!(amp|lt|gt|quot|apos);)"))) return why = "a bare &", false;
  return true;
}

TEST(Y1564Junit, AFailureForEachStepMissedSkippedWhenNotJudgedAndWellFormed) {
  const std::string xml = y1564Junit(sample());
  std::string why;
  EXPECT_TRUE(balanced(xml, why)) << why << "\n" << xml;
  EXPECT_EQ(countOf(xml, "<testsuite "), 2u);
  EXPECT_EQ(countOf(xml, "<testcase "), 13u);
  EXPECT_NE(xml.find("<testsuites name=\"staccato y1564\" tests=\"13\" failures=\"4\" errors=\"0\" skipped=\"1\""), std::string::npos) << xml;
  const size_t atCir = xml.find("classname=\"y1564.data\" name=\"100 % of CIR\" time=\"10.000\"");
  ASSERT_NE(atCir, std::string::npos) << xml;
  EXPECT_LT(xml.find("<failure message=\"FLR 10 % above the allowed 0.01 %; IR 36.00", atCir), xml.find("</testcase>", atCir));
  const size_t atPolicing = xml.find("classname=\"y1564.data\" name=\"policing: CIR + 1.25 x EIR\"");
  ASSERT_NE(atPolicing, std::string::npos);
  EXPECT_LT(xml.find("<skipped message=\"not judged: the receiver missed frames\"/>", atPolicing), xml.find("</testcase>", atPolicing));
  const size_t atVoice = xml.find("name=\"voice, EF\"");
  EXPECT_NE(xml.find("failures=\"1\" errors=\"0\" skipped=\"0\" time=\"170.000\"", atVoice), std::string::npos)
      << "five steps of 10 s and 120 s of performance test";
  EXPECT_NE(xml.find("name=\"performance\" time=\"120.000\""), std::string::npos);

  PolicerModel device([](const Y1564Service& s) { return s.cirMbps; });
  device.failAt = 7;
  const std::string ended = y1564Junit(runY1564(twoServices(), 1e9, device));
  EXPECT_TRUE(balanced(ended, why)) << why;
  EXPECT_NE(ended.find("<error message=\"data (75 % of CIR): port: the drone went away\"/>"), std::string::npos) << ended;
  EXPECT_NE(ended.find("errors=\"1\""), std::string::npos);
}

/// Each <svg> element (found by text: std::regex recurses per character, too deep for a chart).
std::vector<std::string> charts(const std::string& html) {
  std::vector<std::string> out;
  for (size_t at = html.find("<svg"); at != std::string::npos; at = html.find("<svg", at + 1))
    out.push_back(html.substr(at, html.find("</svg>", at) - at));
  return out;
}

TEST(Y1564Html, EachServiceHasItsStepsAndChartAndThePerformanceTestItsLossOverTime) {
  const std::string html = y1564HtmlReport(sample());
  std::string why;
  EXPECT_TRUE(balanced(std::regex_replace(html, std::regex("<(!DOCTYPE html|meta charset=\"utf-8\")>"), ""), why)) << why;
  EXPECT_NE(html.find("<p class=\"status verdict error\">FAIL</p>"), std::string::npos);
  EXPECT_NE(html.find("<tr><td>Ports</td><td>va@lab -&gt; vb@lab</td></tr>"), std::string::npos);
  for (const char* section : {"<section id=\"service-0\">\n<h2>Service voice, EF: configuration test</h2>",
                              "<section id=\"service-1\">\n<h2>Service data: configuration test</h2>", "<section id=\"performance\">"})
    EXPECT_NE(html.find(section), std::string::npos) << section;
  EXPECT_EQ(countOf(html, "<th>Step</th>"), 2u);
  EXPECT_NE(html.find("<tr><td>100 % of CIR</td><td>40.00</td>"), std::string::npos);
  EXPECT_NE(html.find("<td>INCOMPLETE</td><td>not judged: the receiver missed frames</td>"), std::string::npos)
      << "a step not judged is INCOMPLETE, not FAIL";
  EXPECT_NE(html.find("<tr><td>voice, EF</td><td>20.00</td><td>120</td>"), std::string::npos) << "the performance table";
  EXPECT_NE(html.find("<td>15</td><td>15</td><td>87.5000 %</td><td>FAIL</td>"), std::string::npos) << "SES, unavailable, AVAIL";
  const std::vector<std::string> svgs = charts(html);
  ASSERT_EQ(svgs.size(), 3u) << "a rate chart per service, the loss chart";
  EXPECT_EQ(countOf(svgs[0], "<circle class=\"point\""), 5u * 3u) << "offered, CIR and received at five steps";
  EXPECT_EQ(countOf(svgs[1], "<circle class=\"point\""), 6u * 4u) << "and CIR + EIR";
  EXPECT_NE(svgs[1].find("r=\"6\""), std::string::npos) << "the step not judged is hollow";
  EXPECT_EQ(countOf(svgs[2], "<circle class=\"point\""), 2u + 2u * 120u) << "the SES threshold, every second";
  EXPECT_NE(svgs[2].find("data-x=\"30\" data-y=\"100\""), std::string::npos) << "the first lost second";
  for (const char* external : {"<script", "<link", "<img", "src=", "url("}) EXPECT_EQ(html.find(external), std::string::npos);
}

TEST(Y1564Html, EscapesServiceNames) {
  Y1564Result r = sample();
  r.config.services[1].name = "<b>&";
  const std::string html = y1564HtmlReport(r);
  EXPECT_EQ(html.find("<b>"), std::string::npos);
  EXPECT_NE(html.find("<h2>Service &lt;b&gt;&amp;: configuration test</h2>"), std::string::npos);
  EXPECT_NE(html.find("data-name=\"&lt;b&gt;&amp;\""), std::string::npos) << "the loss chart's series";
  EXPECT_NE(y1564Junit(r).find("<testsuite name=\"&lt;b&gt;&amp;\""), std::string::npos);
}

TEST(Y1564Html, ADayOfSecondsIsDrawnAsItsWorstSecondPerFiveMinutes) {
  EXPECT_EQ(lossChartSecondsPerPoint(120), 1u);
  EXPECT_EQ(lossChartSecondsPerPoint(900), 10u);
  EXPECT_EQ(lossChartSecondsPerPoint(86400), 300u);
  EXPECT_EQ(lossChartSecondsPerPoint(7 * 86400), 1800u);
  Y1564Result r = sample();
  r.config.performanceSeconds = 86400;
  for (Y1564ServicePerformance& p : r.performance) p.perSecond.assign(86400, {1000, 1000});
  r.performance[1].perSecond[50'000] = {1000, 0};  // one second of the day lost everything
  const Chart c = y1564LossChart(r);
  ASSERT_EQ(c.series.size(), 3u);
  EXPECT_EQ(c.xLabel, "time (h)");
  EXPECT_EQ(c.series[2].points.size(), 288u);
  size_t lost = 0;
  for (const ChartPoint& p : c.series[2].points) lost += p.y == 100;
  EXPECT_EQ(lost, 1u) << "the worst second of its five minutes";
  EXPECT_NE(y1564HtmlReport(r).find("Each point stands for 300 seconds (of 86400) and shows the worst of them"), std::string::npos);
}

}  // namespace
}  // namespace staccato::bench::testing
