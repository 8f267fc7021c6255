#include "client/cli/benchmark_text.h"

#include "client/cli/safe_output.h"
#include "client/core/benchmark/report_text.h"

namespace staccato::cli {
namespace {

std::string sizeText(const bench::FrameSize& s) { return s.isMix() ? s.label() : s.label() + " B"; }

std::string rateText(double pps) {
  return pps >= 1e6 ? formatText("%.3f Mpps", pps / 1e6) : formatText("%.2f kpps", pps / 1e3);
}

}  // namespace

std::string progressText(const bench::ProgressEvent& e) {
  std::string line = formatText("[%zu/%zu] ", e.sizeIndex + 1, e.sizeCount) + e.frameSize +
                     (e.frameSize.starts_with("imix") ? "" : " B") + "  " + e.test + " " + e.phase + "  trial " +
                     std::to_string(e.trial) + ": ";
  if (e.burstFrames)
    line += "burst of " + std::to_string(e.burstFrames) + " frames at " + bench::loadText(e.load) + " of line rate";
  else
    line += bench::loadText(e.load) + " of line rate (" + rateText(e.pps) + " per flow) for " +
            formatText("%g s", e.durationSeconds);
  if (e.attempt > 1) line += formatText(" (attempt %u: ", e.attempt) + e.repeatedBecause + ")";
  return line;
}

std::string summaryText(const bench::BenchmarkResult& r) {
  std::string out;
  // Through a reflector the frames crossed the device twice: say so before any figure.
  for (const bench::PortPair& p : r.config.portPairs)
    if (!p.reflector.empty())
      out += "through the reflector " + p.reflector + ": loss is of both directions, latency the round trip\n";
  for (const bench::SizeResult& s : r.sizes) {
    const std::string size = sizeText(s.frameSize);
    if (s.throughput)
      for (const bench::GoalResult& g : s.throughput->goals) {
        out += size + "  throughput " + g.goal.name + ": " + bench::goalText(g);
        if (g.found() && !g.testerLimited) {
          const bench::RateFigures f = bench::figuresAt(r, s.frameSize, g.lowerLoad);
          out += formatText(" = %s, %.2f Mbit/s L1 per flow", rateText(f.pps).c_str(), f.l1Mbps);
        }
        out += "\n";
      }
    if (s.latency)
      for (const bench::LatencyPoint& p : s.latency->points) {
        out += size + "  latency at " + bench::loadText(p.load) + ": ";
        if (p.latency.samples)
          out += formatText("avg %.1f us, max %.1f us", p.latency.avgNs / 1e3, double(p.latency.maxNs) / 1e3);
        out += p.failure.empty() ? (p.latency.samples ? "" : "no samples") : (p.latency.samples ? "; " : "") + p.failure;
        out += "\n";
      }
    if (s.backToBack) {
      const bench::BackToBackResult& b = s.backToBack.value();
      out += size + "  back-to-back: ";
      out += b.bursts.empty() ? b.note : formatText("%.0f frames at %s (buffer %.3f ms, corrected %.3f ms)",
                                                    b.averageFrames, bench::loadText(b.burstLoad).c_str(),
                                                    b.impliedBufferSeconds * 1e3, b.correctedBufferSeconds * 1e3);
      out += "\n";
    }
    if (!s.note.empty()) out += size + "  " + s.note + "\n";
  }
  return out;
}

std::string calibrationTable(const bench::Calibration& c) {
  std::string out = formatText("%-12s %12s %14s %12s\n", "frame size", "kpps", "Mbit/s (L1)", "% line rate");
  for (const bench::CalibrationPoint& p : c.points)
    out += formatText("%-12s %12.1f %14.1f %11.2f%%\n", p.frameSize.label().c_str(), p.kpps(), p.l1Mbps(), 100 * p.load());
  out += "measured on " + c.setup + "\n";
  return out;
}

}  // namespace staccato::cli
