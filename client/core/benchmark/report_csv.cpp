#include "client/core/benchmark/report_csv.h"

#include "client/core/benchmark/json_writer.h"
#include "client/core/benchmark/report_text.h"
#include "common/core/csv_text.h"

namespace staccato::bench {
namespace {

std::string pct(double ratio) { return fixed(100 * ratio, 4); }
std::string us(double ns) { return fixed(ns / 1e3, 3); }

}  // namespace

std::string resultsCsv(const BenchmarkResult& r) {
  std::string out = csvRow({"test", "frame_size", "item", "load_pct", "kpps_per_flow", "l1_mbps_per_flow", "loss_pct", "min_us",
                            "avg_us", "p99_us", "max_us", "jitter_us", "frames", "buffer_us", "verdict", "note"});
  for (const SizeResult& s : r.sizes) {
    const std::string size = s.frameSize.label();
    if (s.throughput)
      for (const GoalResult& g : s.throughput->goals) {
        const RateFigures f = figuresAt(r, s.frameSize, g.lowerLoad);
        const std::string failure = goalFailure(g);
        std::string note = goalNote(g);
        for (const std::string& i : g.irregular) note += (note.empty() ? "irregular: " : "; irregular: ") + i;
        out += csvRow({"throughput", size, g.goal.name, pct(g.lowerLoad), fixed(f.pps / 1e3, 3), fixed(f.l1Mbps, 3),
                       pct(g.goal.lossRatio), "", "", "", "", "", "", "",
                       g.testerLimited ? "tester-limited" : failure.empty() ? "ok" : "failed", note});
      }
    if (s.latency)
      for (const LatencyPoint& p : s.latency->points) {
        const LatencyHistogram& l = p.latency;
        const bool m = p.trials > 0;
        out += csvRow({"latency", size, fixed(100 * p.fraction, 1) + "% of " + s.latency->basis, pct(p.load), "", "", "",
                       m ? us(double(l.minNs)) : "", m ? us(l.avgNs) : "", m ? us(double(l.percentile(0.99))) : "",
                       m ? us(double(l.maxNs)) : "", m ? us(l.jitterNs) : "", "", "",
                       p.failure.empty() ? "ok" : p.testerLimited ? "tester-limited" : "failed", p.failure});
      }
    if (s.frameLoss)
      for (const LossStep& step : s.frameLoss->steps)
        out += csvRow({"loss", size, pct(step.load), step.txFrames ? pct(step.offeredLoad) : "", "", "",
                       step.txFrames ? pct(step.lossRatio) : "", "", "", "", "", "", std::to_string(step.txFrames), "",
                       step.testerLimited ? "tester-limited" : "ok", step.note});
    if (s.backToBack) {
      const BackToBackResult& b = *s.backToBack;
      out += csvRow({"b2b", size, "average burst", pct(b.burstLoad), fixed(b.burstPps / 1e3, 3), "", "", "", "", "", "", "",
                     b.bursts.empty() ? "" : fixed(b.averageFrames, 1),
                     b.correctedBufferSeconds > 0 ? us(b.correctedBufferSeconds * 1e9) : "",
                     b.testerLimited ? "tester-limited" : b.bursts.empty() ? "not measured" : "ok", b.note});
    }
  }
  return out;
}

std::string trialsCsv(const BenchmarkResult& r) {
  std::string out = csvRow({"number", "test", "phase", "frame_size", "kind", "load_pct", "intended_pps", "offered_pps",
                            "received_pps", "duration_s", "burst_frames", "tx_frames", "rx_frames", "lost_frames", "loss_pct",
                            "reordered", "duplicated", "p50_ns", "p99_ns", "max_ns", "receiver_missed", "sender_late_ns",
                            "sender_stalled", "tester_limited", "counted", "reason", "start", "end"});
  for (const TrialResult& t : r.trials)
    out += csvRow({std::to_string(t.number), t.test, t.phase, t.request.frameSize.label(),
                   t.request.kind == TrialKind::kBurst ? "burst" : "continuous", pct(t.request.load), fixed(t.request.pps, 1),
                   fixed(t.offeredPps, 1), fixed(t.receivedPps, 1), fixed(t.durationSeconds, 6),
                   std::to_string(t.request.burstFrames), std::to_string(t.txFrames), std::to_string(t.rxFrames),
                   std::to_string(t.lostFrames()), pct(t.lossRatio()), std::to_string(t.reordered), std::to_string(t.duplicated),
                   t.latency.samples ? std::to_string(t.latency.percentile(0.5)) : "",
                   t.latency.samples ? std::to_string(t.latency.percentile(0.99)) : "",
                   t.latency.samples ? std::to_string(t.latency.maxNs) : "", t.receiverMissed ? "1" : "0",
                   std::to_string(t.senderLateNs), t.senderStalled ? "1" : "0", t.testerLimited ? "1" : "0", t.counted ? "1" : "0", t.testerLimitReason, isoTime(t.startNs), isoTime(t.endNs)});
  return out;
}

}  // namespace staccato::bench
