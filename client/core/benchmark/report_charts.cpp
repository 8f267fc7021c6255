#include "client/core/benchmark/report_charts.h"

#include "client/core/benchmark/report_text.h"
#include "client/core/benchmark/trial_verdict.h"

namespace staccato::bench {
namespace {

std::vector<std::string> sizeLabels(const BenchmarkResult& r) {
  std::vector<std::string> out;
  for (const SizeResult& s : r.sizes) out.push_back(s.frameSize.label());
  return out;
}

std::string tip(const SizeResult& s, const std::string& text) { return s.frameSize.label() + " B: " + text; }

}  // namespace

Chart throughputChart(const BenchmarkResult& r) {
  Chart c{"chart-throughput", "Throughput per frame size", "frame size (bytes)", "kpps per flow", sizeLabels(r), {}};
  ChartSeries line{"line rate (theory)", {}, true}, ceiling{"tester calibration", {}, true};
  std::vector<ChartSeries> goals;
  for (const LossGoal& g : r.config.search.goals) goals.push_back({g.name + " (" + percentText(g.lossRatio) + " loss)", {}, false});
  for (size_t i = 0; i < r.sizes.size(); ++i) {
    const SizeResult& s = r.sizes[i];
    if (!s.throughput) continue;
    const double x = double(i), maxPps = figuresAt(r, s.frameSize, 1).pps;
    line.points.push_back({x, maxPps / 1e3, tip(s, fixed(maxPps / 1e3, 1) + " kpps at line rate"), false});
    if (const CalibrationPoint* p = r.calibration.find(s.frameSize))
      ceiling.points.push_back({x, p->kpps(), tip(s, "this generator sends at most " + fixed(p->kpps(), 1) + " kpps"), false});
    for (size_t g = 0; g < s.throughput->goals.size() && g < goals.size(); ++g) {
      const GoalResult& result = s.throughput->goals[g];
      const double kpps = figuresAt(r, s.frameSize, result.lowerLoad).pps / 1e3;
      goals[g].points.push_back({x, kpps, tip(s, fixed(kpps, 1) + " kpps, " + goalText(result)), result.testerLimited});
    }
  }
  // The references first, the results on top: a result at the calibration ceiling (a hollow,
  // tester-limited point) stays visible over the ceiling's marker.
  c.series.push_back(std::move(line));
  c.series.push_back(std::move(ceiling));
  for (ChartSeries& g : goals) c.series.push_back(std::move(g));
  return c;
}

Chart latencyChart(const BenchmarkResult& r) {
  Chart c{"chart-latency", "Latency at the throughput found", "frame size (bytes)", "latency (us, log scale)", sizeLabels(r), {}};
  c.logY = true;  // one long maximum must not flatten minimum, average and p99 to zero
  ChartSeries lo{"minimum", {}, false}, avg{"average", {}, false}, p99{"p99", {}, false}, hi{"maximum", {}, false};
  for (size_t i = 0; i < r.sizes.size(); ++i) {
    const SizeResult& s = r.sizes[i];
    if (!s.latency || s.latency->points.empty() || s.latency->points.front().trials == 0) continue;
    const LatencyPoint& p = s.latency->points.front();
    const LatencyHistogram& l = p.latency;
    const double x = double(i);
    const std::string at = " at " + loadText(p.load);
    lo.points.push_back({x, double(l.minNs) / 1e3, tip(s, "minimum " + nsText(double(l.minNs)) + at), p.testerLimited});
    avg.points.push_back({x, l.avgNs / 1e3, tip(s, "average " + nsText(l.avgNs) + at), p.testerLimited});
    p99.points.push_back({x, double(l.percentile(0.99)) / 1e3, tip(s, "p99 " + nsText(double(l.percentile(0.99))) + at), p.testerLimited});
    hi.points.push_back({x, double(l.maxNs) / 1e3, tip(s, "maximum " + nsText(double(l.maxNs)) + at), p.testerLimited});
  }
  for (ChartSeries* s : {&lo, &avg, &p99, &hi})
    if (!s->points.empty()) c.series.push_back(std::move(*s));
  return c;
}

Chart lossChart(const BenchmarkResult& r) {
  Chart c{"chart-loss", "Frame-loss rate against offered load", "offered load (% of line rate)", "frames lost (%)", {}, {}};
  for (const SizeResult& s : r.sizes) {
    if (!s.frameLoss) continue;
    ChartSeries series{s.frameSize.label() + " B", {}, false};
    for (const LossStep& step : s.frameLoss->steps)
      if (step.txFrames > 0)
        series.points.push_back({100 * step.load, 100 * step.lossRatio,
                                 tip(s, percentText(step.lossRatio) + " lost at " + loadText(step.load)), step.testerLimited});
    if (!series.points.empty()) c.series.push_back(std::move(series));
  }
  return c;
}

Chart backToBackChart(const BenchmarkResult& r) {
  Chart c{"chart-b2b", "Back-to-back: longest burst without loss", "frame size (bytes)", "frames", sizeLabels(r), {}};
  ChartSeries burst{"average longest burst", {}, false}, buffer{"corrected buffer (RFC 9004)", {}, false};
  for (size_t i = 0; i < r.sizes.size(); ++i) {
    const SizeResult& s = r.sizes[i];
    if (!s.backToBack || s.backToBack->bursts.empty()) continue;
    const BackToBackResult& b = *s.backToBack;
    burst.points.push_back({double(i), b.averageFrames, tip(s, fixed(b.averageFrames, 0) + " frames"), b.testerLimited});
    if (b.correctedBufferSeconds > 0)
      buffer.points.push_back({double(i), b.correctedBufferFrames(),
                               tip(s, fixed(b.correctedBufferFrames(), 0) + " frames, " + nsText(b.correctedBufferSeconds * 1e9)),
                               b.testerLimited});
  }
  for (ChartSeries* s : {&burst, &buffer})
    if (!s->points.empty()) c.series.push_back(std::move(*s));
  return c;
}

}  // namespace staccato::bench
