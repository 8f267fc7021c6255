// The RFC 9411 search's HTML report (flow_search_report.h): the answer and the tester's limit
// when there was one, the settings and criteria, the profile, a chart and a table of the trials.
#include "client/core/benchmark/html_page.h"
#include "client/core/benchmark/html_table.h"
#include "client/core/benchmark/report_text.h"
#include "client/core/benchmark/svg_chart.h"
#include "client/core/benchmark/trial_verdict.h"
#include "client/core/flows/flow_search_report.h"
#include "client/core/flows/flow_verdict.h"
#include "common/core/decimal_text.h"
#include "common/core/iso_time.h"
#include "common/files/flow_profile.h"

namespace staccato::client {
namespace {

using Rows = std::vector<std::vector<std::string>>;

std::string p99(const v1::LatencyStats& l) { return l.samples() ? bench::fixed(double(l.p99_ns()) / 1e6, 3) + " ms" : ""; }

std::string seconds(double s) { return decimalText(s) + " s"; }

Rows settingsRows(const FlowSearchRun& run) {
  const v1::FlowLoad& load = run.profile.load();
  const std::string unit = " " + flowSearchUnit(run);
  Rows rows{
      {"Test", run.byRate ? "RFC 9411 connections per second (7.2, 7.6)" : "RFC 9411 concurrent connection capacity (7.4, 7.8)"},
      {"Started", run.startNs ? isoTime(run.startNs) : ""},
      {"Duration", bench::fixed(run.endNs > run.startNs ? double(run.endNs - run.startNs) / 1e9 : 0, 0) + " s"},
      {"Ports", "client " + run.clientPort + ", server " + run.serverPort},
      {"Loads searched", decimalText(run.settings.low) + " to " + decimalText(run.settings.high) + unit +
                             ": the highest first, then the lowest, then halfway between what passed and what failed"},
      {"Resolution", bench::percentText(run.settings.resolution) + " of the load that failed, at most " +
                         std::to_string(run.settings.maxTrials) + " trials"},
      {"A trial", "ramp up " + seconds(load.ramp_up_seconds()) + ", steady " + seconds(load.steady_seconds()) + " (measured), ramp down " +
                      seconds(load.ramp_down_seconds())},
      {"Passes when", flowSearchCriteriaText(run.criteria)},
      {"Generator", run.generator},
  };
  if (!run.byRate)
    rows.push_back({"Opening", load.open_rate() > 0 ? "at most " + decimalText(load.open_rate()) + " connections/s, replacements included"
                                                    : flowSearchPacingNote(run.profile, run.byRate)});
  return rows;
}

/// The profile as flowProfileText says it: its templates with their shares, then its other
/// lines (load, clients, servers) as settings.
std::string profileSection(const v1::FlowProfile& profile) {
  Rows templates, rest;
  bool first = true;
  const std::string text = flowProfileText(profile);
  for (size_t at = 0, end; at < text.size(); at = end + 1) {
    end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(at, end - at);
    if (first || line.empty()) {
      first = false;
      continue;
    }
    if (line.rfind("  ", 0) == 0) {  // "  50 % http-get: HTTP/1.1 GET / ..."
      const size_t pct = line.find(" % ");
      templates.push_back({pct == std::string::npos ? "" : line.substr(2, pct - 2) + " %",
                           pct == std::string::npos ? line.substr(2) : line.substr(pct + 3)});
    } else if (const size_t colon = line.find(": "); colon != std::string::npos) {
      rest.push_back({line.substr(0, colon), line.substr(colon + 2)});
    }
  }
  return bench::htmlSection("profile", "Profile" + (profile.name().empty() ? std::string() : ": " + profile.name()),
                            bench::htmlTable({"Share", "Template"}, templates) +
                                bench::htmlTable({"Setting", "Value"}, rest, "kv"));
}

/// The loads tried, in order: passed, failed, and the tester's limit (hollow: not judged).
bench::Chart trialsChart(const FlowSearchRun& run) {
  const std::string unit = flowSearchUnit(run);
  bench::Chart chart{"trials", "Load per trial", "trial", unit, {}, {}, false};
  bench::ChartSeries passed{"passed", {}, false}, failed{"failed", {}, false}, limited{"not judged", {}, false};  // tester-limited or stopped
  const std::vector<FlowSearchTrial>& all = run.result.trials;
  for (size_t i = 0; i < all.size(); ++i) {
    const FlowSearchTrial& t = all[i];
    chart.categories.push_back(std::to_string(i + 1));
    const std::string tip = "trial " + std::to_string(i + 1) + ": " + decimalText(t.load) + " " + unit + ", " +
                            flowTrialVerdict(t.outcome) + " (" + t.outcome.why + ")";
    (t.outcome.testerLimited ? limited : t.outcome.passed ? passed : failed)
        .points.push_back({double(i), t.load, tip, t.outcome.testerLimited});
  }
  bench::ChartSeries found{"found", {}, true};
  if (run.result.found > 0 && !all.empty()) {
    const std::string tip = "found: " + std::string(run.result.atLeast ? "at least " : "") + decimalText(run.result.found) + " " + unit;
    found.points = {{0, run.result.found, tip, false}, {double(all.size() - 1), run.result.found, tip, false}};
  }
  // Every series, empty ones too: a series' colour is its place (found blue, failed red, passed
  // green, not judged orange), whichever of them has points.
  chart.series = {std::move(found), std::move(failed), std::move(passed), std::move(limited)};
  return chart;
}

std::string trialsSection(const FlowSearchRun& run) {
  Rows rows;
  const std::vector<FlowSearchTrial>& all = run.result.trials;
  for (size_t i = 0; i < all.size(); ++i) {
    const FlowSearchTrial& t = all[i];
    const FlowTrialFigures f = flowTrialFigures(run, t);
    const FlowTotals& s = f.steady;
    auto n = [&](uint64_t v) { return f.measured ? std::to_string(v) : std::string(); };
    const std::string kinds = flowFailureKinds(s);
    rows.push_back({std::to_string(i + 1), decimalText(t.load), flowTrialVerdict(t.outcome), n(s.attempted), n(s.established),
                    f.measured ? std::to_string(s.failures()) + (kinds.empty() ? "" : " (" + kinds + ")") : "", n(s.tester),
                    f.measured ? bench::fixed(f.connectionsPerSecond, 1) : "", p99(f.connect), p99(f.firstByte), p99(f.lastByte),
                    t.outcome.why, bench::fixed(t.outcome.endNs > t.outcome.startNs ? double(t.outcome.endNs - t.outcome.startNs) / 1e9 : 0, 1) + " s"});
  }
  return bench::htmlSection(
      "trials", "Trials",
      bench::svgChart(trialsChart(run)) +
          bench::htmlParagraph("Counts and latencies are the client side's, in each trial's steady phase: the numbers it is judged on. "
                               "Failed counts the device's failures (refused, reset, timed out, invalid); Tester's own, "
                               "connections the tester could not open for its own limits.") +
          bench::htmlTable({"Trial", "Load (" + flowSearchUnit(run) + ")", "Verdict", "Attempted", "Established", "Failed",
                            "Tester's own", "Connections/s", "Connect p99", "First byte p99", "Last byte p99", "Why", "Took"},
                           rows));
}

}  // namespace

std::string flowSearchHtml(const FlowSearchRun& run) {
  const std::string note = flowSearchTesterNote(run);
  const bool stands = run.result.complete && run.result.found > 0;
  const std::string summary =
      bench::htmlParagraph(flowSearchFound(run), stands                  ? "status verdict ok"
                                                 : run.result.complete ? "status verdict error"
                                                                       : "status verdict warn") +
      bench::htmlParagraph("The search " + std::string(run.result.complete ? "ended: " : "ended early: ") + run.result.why + ".") +
      (note.empty() ? "" : bench::htmlParagraph(note, "status warn tester-limited")) +
      bench::htmlTable({"Setting", "Value"}, settingsRows(run), "kv");
  const std::string body = bench::htmlSection("summary", "Summary", summary) + trialsSection(run) + profileSection(run.profile);
  return bench::htmlPage("RFC 9411 report: " + (run.profile.name().empty() ? flowSearchUnit(run) : run.profile.name()),
                         "RFC 9411 stateful device test report", body, run.generator);
}

}  // namespace staccato::client
