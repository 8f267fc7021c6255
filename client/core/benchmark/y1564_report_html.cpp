#include "client/core/benchmark/y1564_report_html.h"

#include "client/core/benchmark/html_page.h"
#include "client/core/benchmark/html_table.h"
#include "client/core/benchmark/json_writer.h"
#include "client/core/benchmark/report_text.h"
#include "client/core/benchmark/trial_verdict.h"
#include "client/core/benchmark/y1564_report_charts.h"
#include "client/core/benchmark/y1564_report_text.h"
#include "client/core/benchmark/y1564_result_json.h"
#include "common/files/stream_file.h"

namespace staccato::bench {
namespace {

std::string mbps(double v) { return fixed(v, 2) + " Mbit/s"; }

/// The result's rows (steps and performance tests), those that failed, and those not judged.
struct Tally {
  size_t rows = 0, failed = 0, notJudged = 0;
};

Tally tally(const Y1564Result& r) {
  Tally t;
  for (size_t i = 0; i < r.config.services.size(); ++i)
    for (const Y1564Row& row : y1564Rows(r, i)) {
      ++t.rows;
      t.notJudged += row.verdict->incomplete;
      t.failed += !row.verdict->pass && !row.verdict->incomplete;
    }
  return t;
}

std::string summarySection(const Y1564Result& r) {
  const std::string_view word = r.verdictWord();
  const Tally t = tally(r);
  std::string what = word == "PASS" ? "Every service met its acceptance criteria in every step and over the performance test. " : "";
  const std::string of = " of the " + std::to_string(t.rows) + " steps and performance tests ";
  if (t.failed) what += std::to_string(t.failed) + of + "missed the service acceptance criteria. ";
  if (t.notJudged) what += std::to_string(t.notJudged) + of + "INCOMPLETE, not judged: the tester, not the device, fell short there.";
  std::string services;
  for (const Y1564Service& s : r.config.services) services += (services.empty() ? "" : "; ") + s.name;  // names may hold commas
  const Y1564Config& c = r.config;
  const std::vector<std::vector<std::string>> rows = {
      {"Verdict", std::string(word)},
      {"Started", isoTime(r.startedNs)},
      {"Duration", fixed(double(r.endedNs - r.startedNs) / 1e9, 0) + " s"},
      {"Ports", r.ports.empty() ? "(not named)" : r.ports},
      {"Line rate", fixed(r.lineRateBps / 1e6, 0) + " Mbit/s"},
      {"Services", services},
      {"Configuration test", "steps of " + fixed(c.stepSeconds, 0) + " s, rates judged within " + percentText(c.rateTolerance)},
      {"Performance test", r.performance.empty() ? "not run"
                                                 : fixed(c.performanceSeconds, 0) + " s, a second losing more than " +
                                                       percentText(c.sesLossRatio) + " severely errored"},
      {"Generator", r.generator},
  };
  const char* css = word == "PASS" ? "status verdict ok" : word == "FAIL" ? "status verdict error" : "status verdict warn";
  return htmlSection("summary", "Summary", htmlParagraph(std::string(word), css) + htmlParagraph(what) +
                                               (r.error.empty() ? "" : htmlParagraph("The run ended early: " + r.error, "status error")) +
                                               htmlTable({"Setting", "Value"}, rows, "kv"));
}

std::string profileText(const Y1564Service& s) {
  std::string out = "Frames of " + s.frameSize.label() + " B";
  if (s.vlan) out += ", VLAN " + std::to_string(s.vlan) + " PCP " + std::to_string(s.pcp);
  out += ", DSCP " + std::to_string(s.dscp) + "; CIR " + mbps(s.cirMbps);
  if (s.eirMbps > 0) out += ", EIR " + mbps(s.eirMbps);
  if (s.cbsBytes) out += ", CBS " + std::to_string(s.cbsBytes) + " B";
  if (s.ebsBytes) out += ", EBS " + std::to_string(s.ebsBytes) + " B";
  out += ", colour " + std::string(enumName(s.colour)) + (s.yellowMark.empty() ? "" : " (" + s.yellowMark + ")");
  const AcceptanceCriteria& a = s.sac;
  out += ". Accepted: FLR up to " + percentText(a.maxFlr) + (a.maxFtdMs > 0 ? ", FTD up to " + fixed(a.maxFtdMs, 3) + " ms" : "") +
         (a.maxFdvMs > 0 ? ", FDV up to " + fixed(a.maxFdvMs, 3) + " ms" : "") + ", AVAIL at least " +
         fixed(100 * a.minAvail, 4) + " %.";
  return out;
}

std::string serviceSection(const Y1564Result& r, size_t i) {
  std::vector<std::vector<std::string>> rows;
  for (const Y1564Row& row : y1564Rows(r, i)) {
    if (row.availability) continue;  // the performance test has its own table
    const Y1564Measurement& m = *row.measured;
    rows.push_back({row.step.label, fixed(row.step.rateMbps, 2), std::to_string(m.sent), std::to_string(m.received),
                    fixed(row.verdict->irMbps, 2), percentText(row.verdict->flr), y1564DelayText(m, m.ftdMs),
                    y1564DelayText(m, m.fdvMs), std::string(verdictWord(*row.verdict)), y1564Reasons(row)});
  }
  const std::string body =
      htmlParagraph(profileText(r.config.services[i])) +
      (rows.empty() ? htmlParagraph("No step was measured.")
                    : svgChart(y1564RateChart(r, i)) +
                          htmlTable({"Step", "Rate (Mbit/s)", "Sent", "Received", "IR (Mbit/s)", "FLR", "FTD (ms)", "FDV (ms)",
                                     "Verdict", "Reasons"},
                                    rows));
  return htmlSection("service-" + std::to_string(i), "Service " + r.config.services[i].name + ": configuration test", body);
}

std::string performanceSection(const Y1564Result& r) {
  if (r.performance.empty()) return "";
  std::vector<std::vector<std::string>> rows;
  for (size_t i = 0; i < r.config.services.size(); ++i)
    for (const Y1564Row& row : y1564Rows(r, i)) {
      if (!row.availability) continue;
      const Y1564Measurement& m = *row.measured;
      const Availability& a = *row.availability;
      rows.push_back({r.config.services[i].name, fixed(row.step.rateMbps, 2), std::to_string(a.seconds),
                      fixed(row.verdict->irMbps, 2), percentText(row.verdict->flr), y1564DelayText(m, m.ftdMs),
                      y1564DelayText(m, m.fdvMs), std::to_string(a.severelyErrored), std::to_string(a.unavailable),
                      fixed(100 * a.ratio(), 4) + " %", std::string(verdictWord(*row.verdict)), y1564Reasons(row)});
    }
  const size_t seconds = y1564MeasuredSeconds(r);
  const uint32_t per = lossChartSecondsPerPoint(seconds);
  const std::string howToRead =
      per == 1 ? "Each point is one second: the share of the frames it sent that were lost."
               : "Each point stands for " + std::to_string(per) + " seconds (of " + std::to_string(seconds) +
                     ") and shows the worst of them, so that a single bad second stays visible; every second's counts "
                     "are in the result file (JSON).";
  return htmlSection("performance", "Service performance test",
                     htmlParagraph("Every service at its CIR together, held to its CIR step's criteria over the whole test, "
                                   "and to its availability (Y.1563: a period of unavailability begins with 10 severely "
                                   "errored seconds in a row).") +
                         htmlTable({"Service", "CIR (Mbit/s)", "Seconds", "IR (Mbit/s)", "FLR", "FTD (ms)", "FDV (ms)", "SES",
                                    "Unavailable (s)", "AVAIL", "Verdict", "Reasons"},
                                   rows) +
                         svgChart(y1564LossChart(r)) + htmlParagraph(howToRead));
}

}  // namespace

std::string y1564HtmlReport(const Y1564Result& r) {
  std::string body = summarySection(r);
  for (size_t i = 0; i < r.config.services.size(); ++i) body += serviceSection(r, i);
  body += performanceSection(r);
  return htmlPage("Y.1564 report: " + std::string(r.verdictWord()) + ", " + isoTime(r.startedNs).substr(0, 10),
                  "ITU-T Y.1564 service activation report", body,
                  r.generator + ", result format " + std::string(kY1564ResultFormat) + " " +
                      std::to_string(kY1564ResultFormatVersion));
}

Status writeY1564HtmlReport(const std::string& path, const Y1564Result& result) {
  return writeFileAtomically(path, y1564HtmlReport(result));
}

}  // namespace staccato::bench
