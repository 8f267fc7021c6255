#include "client/core/benchmark/report_html.h"

#include "client/core/benchmark/html_page.h"
#include "client/core/benchmark/html_table.h"
#include "client/core/benchmark/json_writer.h"
#include "client/core/benchmark/report_sections.h"
#include "client/core/benchmark/report_text.h"
#include "client/core/benchmark/result_json.h"
#include "client/core/benchmark/tester_rule.h"
#include "client/core/benchmark/trial_verdict.h"
#include "common/files/stream_file.h"

namespace staccato::bench {
namespace {

std::string seconds(int64_t from, int64_t to) { return fixed(double(to - from) / 1e9, 0) + " s"; }

std::string statusLine(const BenchmarkResult& r) {
  if (!r.error.empty()) return htmlParagraph("Ended early: " + r.error, "status error");
  if (r.stopped) return htmlParagraph("Stopped on request: the results below are what was measured until then.", "status warn");
  size_t limited = 0;
  for (const SizeResult& s : r.sizes)
    if (s.throughput)
      for (const GoalResult& g : s.throughput->goals) limited += g.testerLimited;
  if (limited) return htmlParagraph(std::to_string(limited) + " result(s) tester-limited: the generator, not the device, set the limit there.", "status warn");
  return htmlParagraph("Complete.", "status ok");
}

std::string setupSection(const BenchmarkResult& r) {
  const BenchmarkConfig& c = r.config;
  std::string tests, goals, sizes, ports;
  for (TestKind t : c.tests) tests += (tests.empty() ? "" : ", ") + std::string(testName(t));
  for (const LossGoal& g : c.search.goals) goals += (goals.empty() ? "" : ", ") + g.name + " " + percentText(g.lossRatio);
  for (const FrameSize& s : c.sizes()) sizes += (sizes.empty() ? "" : " ") + s.label();
  for (const PortPair& p : c.portPairs)
    ports += (ports.empty() ? "" : ", ") + p.tx + " -> " +
             (p.reflector.empty() ? p.rx : p.reflector + " (reflector; latency is the round trip) -> " + p.rx);
  std::string criteria;
  if (c.criteria.maxLatencyNs) criteria += "max latency " + nsText(double(*c.criteria.maxLatencyNs)) + "; ";
  if (c.criteria.percentile && c.criteria.percentileLatencyNs)
    criteria += "p" + fixed(100 * *c.criteria.percentile, 1) + " latency " + nsText(double(*c.criteria.percentileLatencyNs)) + "; ";
  if (c.criteria.maxJitterNs) criteria += "jitter " + nsText(double(*c.criteria.maxJitterNs)) + "; ";
  if (c.criteria.maxReordered) criteria += "reordered <= " + std::to_string(*c.criteria.maxReordered) + "; ";
  if (c.criteria.maxDuplicated) criteria += "duplicated <= " + std::to_string(*c.criteria.maxDuplicated) + "; ";
  if (criteria.size() >= 2) criteria.resize(criteria.size() - 2);  // the last "; "
  const std::vector<std::vector<std::string>> rows = {
      {"Started", isoTime(r.startedNs)},
      {"Duration", seconds(r.startedNs, r.endedNs)},
      {"Preset", c.preset.empty() ? "(none)" : c.preset},
      {"Tests", tests},
      {"Frame sizes (bytes, FCS included)", sizes},
      {"Ports", (ports.empty() ? "(not named)" : ports) + (c.direction == Direction::kBidirectional ? ", both directions" : "")},
      {"Line rate", fixed(c.lineRateBps / 1e6, 0) + " Mbit/s per port, IPv" + std::to_string(c.ipVersion)},
      {"Search", std::string(searchMethodName(c.search.method)) + ", goals " + goals + ", trials of " +
                     fixed(c.search.trialSeconds, 1) + " s" +
                     (c.search.method == SearchMethod::kMultiGoal ? " (from " + fixed(c.search.initialTrialSeconds, 1) + " s)" : "") +
                     ", precision " + (c.search.absolutePrecision > 0 ? loadText(c.search.absolutePrecision) + " of line rate" : "") +
                     (c.search.absolutePrecision > 0 && c.search.relativePrecision > 0 ? " or " : "") +
                     (c.search.relativePrecision > 0 ? percentText(c.search.relativePrecision) + " relative" : "")},
      {"Pass criteria", criteria.empty() ? "loss only" : criteria},
      {"Trials", std::to_string(r.trials.size()) + ", tester tolerance " + percentText(c.trial.testerTolerance) +
                     ", receiver misses repeated up to " + std::to_string(c.trial.receiverRetries) + " times"},
  };
  return "<section id=\"setup\">\n<h2>Setup</h2>\n" + htmlTable({"Setting", "Value"}, rows, "kv") + "</section>\n";
}

std::string calibrationSection(const BenchmarkResult& r) {
  if (r.calibration.points.empty())
    return "<section id=\"calibration\">\n<h2>Generator calibration</h2>\n" +
           htmlParagraph("No calibration: only the offered load of each trial was checked against the intended load.") +
           "</section>\n";
  std::vector<std::vector<std::string>> rows;
  for (const CalibrationPoint& p : r.calibration.points)
    rows.push_back({p.frameSize.label(), fixed(p.kpps(), 1), fixed(p.l1Mbps(), 1), loadText(p.load())});
  return "<section id=\"calibration\">\n<h2>Generator calibration</h2>\n" +
         htmlParagraph("The highest rate this generator really sends and counts at each frame size (" + r.calibration.setup +
                       ", " + isoTime(r.calibration.measuredNs) + "). Trials above it are tester-limited.") +
         htmlTable({"Frame size", "kpps", "Mbit/s (L1, with preamble and gap)", "Of line rate"}, rows) + "</section>\n";
}

std::string trialsSection(const BenchmarkResult& r) {
  std::vector<std::vector<std::string>> rows;
  for (const TrialResult& t : r.trials) {
    std::string flags = t.receiverMissed ? "receiver missed frames; " : "";
    if (t.senderStalled) flags += stallText(t) + ": repeated; ";
    if (t.devicePushedBack) flags += pushBackText(t) + ": counted at what it took; ";
    if (t.testerLimited) flags += "tester-limited: " + t.testerLimitReason;
    rows.push_back({std::to_string(t.number), t.test, t.phase, t.request.frameSize.label(), loadText(t.request.load),
                    fixed(t.request.pps / 1e3, 1), fixed(t.offeredPps / 1e3, 1), fixed(t.receivedPps / 1e3, 1),
                    t.request.kind == TrialKind::kBurst ? std::to_string(t.request.burstFrames) + " burst" : fixed(t.durationSeconds, 2) + " s",
                    std::to_string(t.txFrames), std::to_string(t.rxFrames), percentText(t.lossRatio()),
                    t.latency.samples ? fixed(double(t.latency.percentile(0.99)) / 1e3, 1) : "", flags});
  }
  return "<section id=\"trials\">\n<h2>Trials</h2>\n<details>\n<summary>All " + std::to_string(r.trials.size()) +
         " trials (rates per flow)</summary>\n" +
         htmlTable({"#", "Test", "Phase", "Size", "Load", "Intended kpps", "Offered kpps", "Received kpps", "Length", "Sent",
                    "Received", "Lost", "p99 us", "Flags"},
                   rows) +
         "</details>\n</section>\n";
}

}  // namespace

std::string htmlReport(const BenchmarkResult& r) {
  return htmlPage("Benchmark report: " + (r.config.preset.empty() ? std::string("custom") : r.config.preset) + ", " +
                      isoTime(r.startedNs).substr(0, 10),
                  "Benchmark report",
                  statusLine(r) + setupSection(r) + calibrationSection(r) + throughputSection(r) + latencySection(r) +
                      lossSection(r) + backToBackSection(r) + trialsSection(r),
                  r.generator + ", result format " + std::string(kResultFormat) + " " + std::to_string(kResultFormatVersion));
}

Status writeHtmlReport(const std::string& path, const BenchmarkResult& result) {
  return writeFileAtomically(path, htmlReport(result));
}

}  // namespace staccato::bench
