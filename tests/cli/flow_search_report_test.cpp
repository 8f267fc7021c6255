// RFC 9411 searches as reports (client/core/flows/flow_search_report.h), from searches run by
// searchFlowLoad over simulated devices: the JUnit parses with a case per trial and the result's,
// failures and skips where the trials failed or the tester limited them; the CSV has a row per
// trial; the HTML states the tester's limit when there was one (and only then). Python's own
// parsers (tests/cli/check_flow_reports.py: ElementTree, csv, html.parser) read the files too.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include <unistd.h>

#include "client/core/flows/flow_search_file.h"
#include "client/core/flows/flow_search_report.h"
#include "common/core/decimal_text.h"
#include "rpc/stats/latency_buckets.h"

namespace staccato::client {
namespace {

/// A client side's numbers for one steady phase: `attempted` connections, `refused` of them
/// refused, the rest established and done with a last byte after about `latencyNs`.
v1::PortFlows clientWith(uint64_t attempted, uint64_t refused, uint64_t latencyNs, uint64_t mostBehind = 0) {
  v1::PortFlows p;
  p.set_role(v1::FLOW_CLIENT);
  p.set_most_behind(mostBehind);
  v1::FlowTemplateStats& t = *p.add_templates();
  t.set_name("http-get");
  v1::FlowPhaseStats& s = *t.add_phases();
  s.set_phase("steady");
  s.set_attempted(attempted);
  s.set_established(attempted - refused);
  s.set_completed(attempted - refused);
  s.set_failed_refused(refused);
  for (v1::LatencyStats* l : {s.mutable_connect_time(), s.mutable_last_byte_time()}) {
    l->set_samples(attempted - refused);
    l->set_min_ns(latencyNs / 2), l->set_max_ns(latencyNs), l->set_avg_ns(latencyNs / 2);
    l->set_sub_bucket_bits(6);
    l->add_bucket_index(6 * 64);
    l->add_bucket_count(attempted - refused);
    rpc::setPercentiles(*l);
  }
  return p;
}

/// A search of `settings` against a device: `device(load)` is the trial's client numbers. Each
/// trial lasts 2 s of a made-up clock.
FlowSearchRun searchOver(FlowSearchSettings settings, FlowCriteria criteria,
                         const std::function<v1::PortFlows(double)>& device) {
  FlowSearchRun run;
  run.profile.set_name("web <mix>");
  v1::FlowTemplate& t = *run.profile.add_templates();
  t.set_name("http-get");
  t.set_port(80);
  t.mutable_http()->set_response_body_bytes(1024);
  run.profile.mutable_load()->set_connections_per_second(settings.high);
  run.profile.mutable_load()->set_steady_seconds(2);
  run.settings = settings;
  run.criteria = criteria;
  run.clientPort = "demo0", run.serverPort = "demo1";
  run.generator = "staccato test";
  int64_t clock = 1'764'700'000'000'000'000;
  run.startNs = clock;
  run.result = searchFlowLoad(settings, [&](double load) {
    FlowTrialOutcome o = judgeFlowTrial(device(load), criteria);
    o.startNs = clock, o.endNs = clock += 2'000'000'000;
    return o;
  });
  run.endNs = clock;
  return run;
}

/// Refuses what comes past `limit` connections a second (of a 2 s steady phase).
v1::PortFlows deviceAt(double limit, double load) {
  const auto attempted = uint64_t(2 * load);
  return clientWith(attempted, load > limit ? uint64_t(2 * (load - limit)) : 0, 400'000);
}

size_t occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

/// Writes the three reports into a fresh folder and runs the Python checker over them.
int pythonCheck(const FlowSearchRun& run, const std::string& name, const std::string& verdicts, const std::string& loads,
                const std::string& result, const std::string& note = "") {
  const auto dir = std::filesystem::temp_directory_path() / ("staccato-flow-reports-" + std::to_string(getpid()) + "-" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  EXPECT_TRUE(writeFlowSearchHtml((dir / "report.html").string(), run));
  EXPECT_TRUE(writeFlowSearchJunit((dir / "junit.xml").string(), run));
  EXPECT_TRUE(writeFlowSearchCsv((dir / "trials.csv").string(), run));
  std::string command = "python3 " STACCATO_SOURCE_DIR "/tests/cli/check_flow_reports.py '" + dir.string() + "' " + verdicts +
                        " " + loads + " " + result;
  if (!note.empty()) command += " '" + note + "'";
  const int status = std::system(command.c_str());
  if (!std::getenv("KEEP_FLOW_REPORTS")) std::filesystem::remove_all(dir);  // set it to look at them
  return status;
}

std::string verdictsOf(const FlowSearchRun& run, bool loads) {
  std::string out;
  for (const FlowSearchTrial& t : run.result.trials)
    out += (out.empty() ? "" : ",") + (loads ? decimalText(t.load) : flowTrialVerdict(t.outcome));
  return out;
}

TEST(FlowSearchReport, ACompleteSearchTrialByTrial) {
  const FlowSearchRun run = searchOver({100, 10000, 0.02}, {0, 0}, [](double load) { return deviceAt(3137, load); });
  ASSERT_TRUE(run.result.complete);
  ASSERT_GT(run.result.trials.size(), 5u);
  const size_t n = run.result.trials.size();

  const std::string csv = flowSearchCsv(run);
  EXPECT_EQ(occurrences(csv, "\n"), n + 1) << "a header and a row per trial:\n" << csv;
  EXPECT_NE(csv.find("1,10000,connections/s,failed,0,20000,6274,6274,13726,13726,0,0,0,0,3137.000,"), std::string::npos) << csv;

  const std::string junit = flowSearchJunit(run);
  EXPECT_EQ(occurrences(junit, "<testcase "), n + 1);
  EXPECT_NE(junit.find("name=\"trial 1 at 10000 connections/s\" time=\"2.000\""), std::string::npos) << junit;
  EXPECT_EQ(junit.find("<skipped"), std::string::npos) << "no tester limit, no skip";

  const std::string html = flowSearchHtml(run);
  EXPECT_NE(html.find("<p class=\"status verdict ok\">connections per second: " + decimalText(run.result.found) + "</p>"),
            std::string::npos);
  EXPECT_NE(html.find("The search ended: " + run.result.why + "."), std::string::npos);
  EXPECT_EQ(html.find("tester-limited\">"), std::string::npos) << "no tester-limited statement";
  EXPECT_NE(html.find("web &lt;mix&gt;"), std::string::npos) << "the profile's name, escaped";
  EXPECT_EQ(html.find("web <mix>"), std::string::npos);
  EXPECT_NE(html.find("<td>at most 0 % of the steady phase&apos;s connections failed, latency not judged</td>"), std::string::npos)
      << "the criteria";
  EXPECT_NE(html.find("<td>13726 (refused 13726)</td>"), std::string::npos) << "failures by kind";
  EXPECT_NE(html.find("<tr><td>100 %</td><td>http-get: HTTP/1.1 GET /"), std::string::npos) << "the profile's mix";
  EXPECT_EQ(occurrences(html, "class=\"point\""), n + 2) << "a point per trial and the found line's two";

  EXPECT_EQ(pythonCheck(run, "complete", verdictsOf(run, false), verdictsOf(run, true), "passed"), 0);
}

TEST(FlowSearchReport, TheTestersLimitIsSaidInEveryReport) {
  // The top fails on the device's refusals, the bottom passes, halfway the client falls behind
  // its schedule: the tester's limit, not judged, and the search ends there.
  const FlowSearchRun run = searchOver({100, 10000, 0.02}, {0.001, 1'000'000}, [](double load) {
    return load == 5050 ? clientWith(10100, 0, 400'000, 40) : deviceAt(3137, load);
  });
  ASSERT_EQ(run.result.trials.size(), 3u);
  ASSERT_FALSE(run.result.complete);
  EXPECT_EQ(run.result.found, 100);

  const std::string note = flowSearchTesterNote(run);
  EXPECT_NE(note.find("The tester limited trial 3 at 5050 connections/s"), std::string::npos) << note;
  EXPECT_NE(note.find("The result, 100, is what passed below it, not the device's limit."), std::string::npos) << note;

  const std::string csv = flowSearchCsv(run);
  EXPECT_NE(csv.find("3,5050,connections/s,tester-limited,1,10100,10100,"), std::string::npos) << csv;
  EXPECT_NE(csv.find("the client fell up to 40 connections behind its schedule"), std::string::npos) << csv;

  const std::string junit = flowSearchJunit(run);
  EXPECT_NE(junit.find("<skipped message=\"tester-limited: not judged: "), std::string::npos) << junit;
  EXPECT_NE(junit.find("<skipped message=\"incomplete: the tester could not offer 5050"), std::string::npos) << junit;

  const std::string html = flowSearchHtml(run);
  EXPECT_NE(html.find("status verdict warn"), std::string::npos) << "an incomplete answer is amber";
  EXPECT_NE(html.find("<p class=\"status warn tester-limited\">The tester limited trial 3"), std::string::npos) << html;
  EXPECT_NE(html.find("last-byte p99 at most 1 ms"), std::string::npos) << "the criteria";

  EXPECT_EQ(pythonCheck(run, "tester", "failed,passed,tester-limited", "10000,100,5050", "skipped",
                        "The tester limited trial 3 at 5050 connections/s"),
            0);
}

TEST(FlowSearchReport, ATrialThatNeverRanHasNoFiguresButSaysWhy) {
  FlowSearchRun run = searchOver({10, 500, 0.02}, {0, 0}, [](double load) { return deviceAt(1e9, load); });
  run.result.trials[0].outcome = FlowTrialOutcome{false, true, "--server: the servers did not start", std::nullopt, 5, 6};
  run.result.complete = false;
  run.result.found = 0;
  const std::string csv = flowSearchCsv(run);
  EXPECT_NE(csv.find("1,500,connections/s,tester-limited,1,,,,,,,,,,,,,,'--server: the servers did not start,"), std::string::npos) << csv;
  EXPECT_NE(flowSearchTesterNote(run).find("No load passed before it"), std::string::npos);
}

TEST(FlowSearchReport, AStopIsSaidAsOneNotAsTheTestersLimit) {
  FlowSearchRun run = searchOver({100, 10000, 0.02}, {0, 0}, [](double load) { return deviceAt(3137, load); });
  int64_t clock = run.startNs;
  run.result = searchFlowLoad(run.settings, [&](double load) {
    FlowTrialOutcome o = judgeFlowTrial(deviceAt(3137, load), run.criteria);
    if (load == 5050) o.passed = false, o.testerLimited = o.stopped = true, o.why = "stopped on request during the trial";
    o.startNs = clock, o.endNs = clock += 1'000'000'000;
    return o;
  });
  run.endNs = clock;
  ASSERT_EQ(run.result.trials.size(), 3u);
  EXPECT_EQ(run.result.why, "stopped on request at 5050: the search ends at what passed below it");
  const std::string note = flowSearchTesterNote(run);
  EXPECT_EQ(note.rfind("Trial 3 at 5050 connections/s was stopped on request", 0), 0u) << note;
  EXPECT_EQ(note.find("tester limited"), std::string::npos) << "a stop is not the tester's limit";
  EXPECT_NE(flowSearchCsv(run).find("3,5050,connections/s,stopped,1,"), std::string::npos) << flowSearchCsv(run);
  EXPECT_NE(flowSearchJunit(run).find("<skipped message=\"stopped: stopped on request during the trial\"/>"), std::string::npos);
  EXPECT_EQ(pythonCheck(run, "stopped", "failed,passed,stopped", "10000,100,5050", "skipped", "was stopped on request"), 0);
}

TEST(FlowSearchReport, AConcurrencySearchSaysHowItOpens) {
  // Without open_rate a full device sees each refusal replaced at once: the CLI, the GUI and the
  // report say so; with it, the report says the rate; a rate search paces itself.
  FlowSearchRun run = searchOver({100, 400, 0.01}, {0, 0}, [](double load) { return deviceAt(300, load); });
  run.byRate = false;
  run.profile.mutable_load()->set_concurrent(400);
  const std::string note = flowSearchPacingNote(run.profile, false);
  EXPECT_EQ(note.rfind("The profile sets no load.open_rate: a refused connection is replaced at once", 0), 0u) << note;
  EXPECT_NE(flowSearchHtml(run).find("The profile sets no load.open_rate"), std::string::npos);
  EXPECT_EQ(flowSearchPacingNote(run.profile, true), "") << "a rate search opens at its rate";
  run.profile.mutable_load()->set_open_rate(1000);
  EXPECT_EQ(flowSearchPacingNote(run.profile, false), "");
  const std::string html = flowSearchHtml(run);
  EXPECT_NE(html.find("at most 1000 connections/s, replacements included"), std::string::npos);
  EXPECT_EQ(html.find("sets no load.open_rate"), std::string::npos);
}

TEST(FlowSearchReport, ReadBackFromTheClisJson) {
  // As rfc9411_command.cpp writes it (64-bit counts unquoted there; protobuf's mapping quotes them).
  const std::string json = R"({"profile": {"format_version": 1, "name": "w", "load": {"connections_per_second": 400, "steady_seconds": 2}},
 "search": "rate", "found": 199, "at_least": false, "complete": true, "why": "passes at 199, fails at 204",
 "criteria": {"max_failure_ratio": 0.001, "max_latency_ms": 5}, "settings": {"low": 50, "high": 400, "resolution_pct": 4, "steady_seconds": 2},
 "client_port": "va", "server_port": "vb", "generator": "staccato 0.1.0",
 "start": "2026-12-03T07:00:00.000000000Z", "end": "2026-12-03T07:00:09.500000000Z",
 "trials": [{"load": 400, "passed": false, "tester_limited": false, "why": "396 of 798 failed", "start": "2026-12-03T07:00:00.000000000Z",
  "end": "2026-12-03T07:00:04.000000000Z", "client": {"port": "va", "templates": [{"name": "web", "phases": [{"phase": "steady",
  "attempted": 798, "established": "402", "failed_refused": 396}]}]}},
  {"load": 50, "passed": true, "tester_limited": false, "why": "stopped"},
  {"load": 225, "passed": false, "tester_limited": true, "stopped": true, "why": "stopped on request before it ran"}]})";
  auto run = parseFlowSearchJson(json);
  ASSERT_TRUE(run) << run.error().toString();
  EXPECT_TRUE(run->byRate);
  EXPECT_EQ(run->result.found, 199);
  EXPECT_EQ(run->criteria.maxP99Ns, 5'000'000u);
  EXPECT_DOUBLE_EQ(run->settings.resolution, 0.04);
  EXPECT_EQ(run->endNs - run->startNs, 9'500'000'000);
  ASSERT_EQ(run->result.trials.size(), 3u);
  EXPECT_TRUE(run->result.trials[2].outcome.stopped);
  EXPECT_FALSE(run->result.trials[0].outcome.stopped);
  const FlowTrialFigures f = flowTrialFigures(*run, run->result.trials[0]);
  EXPECT_EQ(f.steady.attempted, 798u);
  EXPECT_EQ(f.steady.established, 402u);
  EXPECT_EQ(f.steady.refused, 396u);
  EXPECT_DOUBLE_EQ(f.connectionsPerSecond, 201);
  EXPECT_FALSE(run->result.trials[1].outcome.client) << "a trial without numbers has none";
  EXPECT_TRUE(isFlowSearchJson(json));
  EXPECT_FALSE(isFlowSearchJson(R"({"format": "staccato-benchmark", "search": 1, "found": 1, "trials": []})"));
  // What is missing or wrong is named.
  std::string broken = json;
  broken.replace(broken.find("\"tester_limited\": false, \"why\": \"stopped\""), 23, "\"tester_limited\": \"no\"");
  auto bad = parseFlowSearchJson(broken);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().toString().find("trials[1].tester_limited"), std::string::npos) << bad.error().toString();
  EXPECT_FALSE(parseFlowSearchJson(R"({"search": "throughput", "found": 1, "trials": []})"));
}

TEST(FlowSearchReport, TheCheckerCanFail) {
  // The oracle is not a rubber stamp: wrong verdicts, loads or result are reported.
  const FlowSearchRun run = searchOver({10, 500, 0.02}, {0, 0}, [](double load) { return deviceAt(1e9, load); });
  ASSERT_EQ(verdictsOf(run, false), "passed");
  EXPECT_EQ(pythonCheck(run, "right", "passed", "500", "passed"), 0);
  EXPECT_NE(pythonCheck(run, "wrong-verdict", "failed", "500", "passed"), 0);
  EXPECT_NE(pythonCheck(run, "wrong-load", "passed", "400", "passed"), 0);
  EXPECT_NE(pythonCheck(run, "wrong-note", "passed", "500", "passed", "The tester limited"), 0);
}

}  // namespace
}  // namespace staccato::client
