#include "client/models/benchmark_progress.h"

#include <algorithm>
#include <map>

#include "client/core/benchmark/report_text.h"
#include "client/models/qs.h"

namespace staccato::client {

double progressFraction(const bench::ProgressEvent& e, const bench::BenchmarkConfig& config) {
  if (e.sizeCount == 0) return 0;
  std::vector<std::string_view> order;  // the runner's order, of the tests this config runs
  for (bench::TestKind t : {bench::TestKind::kThroughput, bench::TestKind::kLatency, bench::TestKind::kFrameLoss,
                            bench::TestKind::kBackToBack})
    if (config.runs(t)) order.push_back(bench::testName(t));
  const auto at = std::find(order.begin(), order.end(), e.test);
  const double inSize = order.empty() || at == order.end() ? 0 : double(at - order.begin()) / double(order.size());
  return std::clamp((double(e.sizeIndex) + inSize) / double(e.sizeCount), 0.0, 1.0);
}

QString progressText(const bench::ProgressEvent& e) {
  QString what = qs(e.test) + (e.phase.empty() ? QString() : " " + qs(e.phase));
  QString load = e.burstFrames > 0 ? QString("burst of %1 frames at %2").arg(e.burstFrames).arg(qs(bench::loadText(e.load)))
                                   : QString("%1 of line rate for %2 s").arg(qs(bench::loadText(e.load))).arg(e.durationSeconds, 0, 'g', 4);
  QString text = QString("trial %1 · %2 B (%3 of %4) · %5 · %6")
                     .arg(e.trial)
                     .arg(qs(e.frameSize))
                     .arg(e.sizeIndex + 1)
                     .arg(e.sizeCount)
                     .arg(what, load);
  if (e.attempt > 1) text += QString(" · repeat %1 (%2)").arg(e.attempt).arg(QString::fromStdString(e.repeatedBecause));
  return text;
}

bench::Chart trialLossChart(const bench::BenchmarkResult& r) {
  bench::Chart c{"trial-loss", "Loss against offered load, every trial", "offered load (% of line rate)", "frames lost (%)", {}, {}};
  std::map<std::string, size_t> seriesOf;  // frame size label -> index in c.series, in the order sizes start
  for (const bench::TrialResult& t : r.trials) {
    if (t.request.kind != bench::TrialKind::kContinuous || t.receiverMissed || t.txFrames == 0) continue;
    const std::string label = t.request.frameSize.label();
    auto [it, added] = seriesOf.emplace(label, c.series.size());
    if (added) c.series.push_back({label + " B", {}, false});
    const double line = bench::maxFrameRate(r.config.lineRateBps, t.request.frameSize.averageBytes());
    const double offered = line > 0 ? t.offeredPps / line : 0;
    std::string tip = label + " B, trial " + std::to_string(t.number) + " (" + t.test + "): " + bench::fixed(100 * t.lossRatio(), 3) +
                      " % lost at " + bench::loadText(offered);
    if (t.testerLimited) tip += ", tester-limited: " + t.testerLimitReason;
    c.series[it->second].points.push_back({100 * offered, 100 * t.lossRatio(), std::move(tip), t.testerLimited});
  }
  return c;
}

}  // namespace staccato::client
