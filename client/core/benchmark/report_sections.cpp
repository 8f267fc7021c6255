#include "client/core/benchmark/report_sections.h"

#include "client/core/benchmark/html_table.h"
#include "client/core/benchmark/report_charts.h"
#include "client/core/benchmark/report_text.h"
#include "client/core/benchmark/trial_verdict.h"

namespace staccato::bench {
namespace {

std::string us(double ns) { return fixed(ns / 1e3, 1); }

}  // namespace

std::string throughputSection(const BenchmarkResult& r) {
  std::vector<std::vector<std::string>> rows;
  for (const SizeResult& s : r.sizes) {
    if (!s.throughput) continue;
    for (const GoalResult& g : s.throughput->goals) {
      const RateFigures f = figuresAt(r, s.frameSize, g.lowerLoad);
      std::string notes;
      for (const std::string& n : g.irregular) notes += (notes.empty() ? "" : "; ") + n;
      const std::string failure = goalFailure(g);
      rows.push_back({s.frameSize.label(), g.goal.name + " (" + percentText(g.goal.lossRatio) + ")", loadText(g.lowerLoad),
                      fixed(f.pps / 1e3, 1), fixed(f.l1Mbps, 1), fixed(f.pps * r.config.flows() / 1e3, 1),
                      g.testerLimited ? "tester-limited" : failure.empty() ? "ok" : "failed",
                      goalNote(g) + (notes.empty() ? "" : " Irregular: " + notes),
                      std::to_string(s.throughput->trials) + " (" + fixed(s.throughput->trialSeconds, 0) + " s)"});
    }
  }
  if (rows.empty()) return "";
  return htmlSection("throughput", "Throughput (RFC 2544 26.1)",
                     htmlParagraph("The highest load at which the device met each loss goal and the pass criteria, found by " +
                                   std::string(r.config.search.method == SearchMethod::kBinary
                                                   ? "binary search with full-length trials"
                                                   : "one multi-goal search for all goals (RFC 9971): short trials first, full-length trials to confirm") +
                                   ". Figures are per flow (" + std::to_string(r.config.flows()) +
                                   " flows). Mbit/s on the wire include the 20-byte preamble and gap. A hollow point is "
                                   "tester-limited: the generator, not the device, set the limit, and the device may do more.") +
                         svgChart(throughputChart(r)) +
                         htmlTable({"Frame size", "Goal", "Load", "kpps", "Mbit/s (L1)", "Total kpps", "Verdict", "Notes", "Trials"}, rows));
}

std::string latencySection(const BenchmarkResult& r) {
  std::vector<std::vector<std::string>> rows;
  for (const SizeResult& s : r.sizes) {
    if (!s.latency) continue;
    for (const LatencyPoint& p : s.latency->points) {
      const LatencyHistogram& l = p.latency;
      const bool measured = p.trials > 0;
      rows.push_back({s.frameSize.label(), percentText(p.fraction) + " of " + s.latency->basis, loadText(p.load),
                      std::to_string(p.trials), measured ? us(double(l.minNs)) : "",
                      measured ? us(l.avgNs) : p.testerLimited ? "not measured (tester-limited)" : "not measured",
                      measured ? us(double(l.percentile(0.5))) : "", measured ? us(double(l.percentile(0.99))) : "",
                      measured ? us(double(l.maxNs)) : "", measured ? us(l.jitterNs) : "",
                      p.failure.empty() ? "ok" : p.testerLimited ? "tester-limited" : "failed", p.failure});
    }
  }
  if (rows.empty()) return "";
  return htmlSection("latency", "Latency (RFC 2544 26.2)",
                     htmlParagraph("Latency of every received frame (from its transmit timestamp), merged over the trials at "
                                   "each load: at the throughput found and at fractions of it. Times in microseconds; "
                                   "percentiles from the histogram (buckets at most 1.6 % wide).") +
                         svgChart(latencyChart(r)) +
                         htmlTable({"Frame size", "At", "Load", "Trials", "Min", "Avg", "p50", "p99", "Max", "Jitter", "Verdict", "Notes"},
                                   rows));
}

std::string lossSection(const BenchmarkResult& r) {
  std::vector<std::vector<std::string>> rows;
  for (const SizeResult& s : r.sizes) {
    if (!s.frameLoss) continue;
    for (const LossStep& step : s.frameLoss->steps)
      rows.push_back({s.frameSize.label(), loadText(step.load), step.txFrames ? loadText(step.offeredLoad) : "",
                      std::to_string(step.txFrames), std::to_string(step.rxFrames),
                      step.txFrames ? percentText(step.lossRatio) : "", step.testerLimited ? "tester-limited: " + step.note : step.note});
  }
  if (rows.empty()) return "";
  return htmlSection("loss", "Frame-loss rate (RFC 2544 26.3)",
                     htmlParagraph("The share of frames lost at falling loads, from the start load down in steps until trials "
                                   "in a row lose nothing. Loads this generator cannot send are not run.") +
                         svgChart(lossChart(r)) +
                         htmlTable({"Frame size", "Intended load", "Offered load", "Sent", "Received", "Lost", "Notes"}, rows));
}

std::string backToBackSection(const BenchmarkResult& r) {
  std::vector<std::vector<std::string>> rows;
  for (const SizeResult& s : r.sizes) {
    if (!s.backToBack) continue;
    const BackToBackResult& b = *s.backToBack;
    std::string bursts;
    for (uint64_t f : b.bursts) bursts += (bursts.empty() ? "" : ", ") + std::to_string(f);
    rows.push_back({s.frameSize.label(), loadText(b.burstLoad), b.bursts.empty() ? "" : fixed(b.averageFrames, 1), bursts,
                    b.bursts.empty() ? "" : us(b.impliedBufferSeconds * 1e9),
                    b.correctedBufferSeconds > 0 ? us(b.correctedBufferSeconds * 1e9) : "",
                    b.correctedBufferSeconds > 0 ? fixed(b.correctedBufferFrames(), 0) : "", b.note});
  }
  if (rows.empty()) return "";
  return htmlSection("b2b", "Back-to-back frames (RFC 2544 26.4, RFC 9004)",
                     htmlParagraph("The longest burst at the burst rate the device takes without losing a frame, searched "
                                   "several times and averaged. RFC 9004's corrected buffer time takes out the frames the "
                                   "device forwarded while the burst arrived (at its throughput): it estimates the buffer itself.") +
                         svgChart(backToBackChart(r)) +
                         htmlTable({"Frame size", "Burst rate", "Average burst", "Bursts", "Implied buffer (us)",
                                    "Corrected buffer (us)", "Corrected buffer (frames)", "Notes"},
                                   rows));
}

}  // namespace staccato::bench
