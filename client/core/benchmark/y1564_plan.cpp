#include "client/core/benchmark/y1564_plan.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace staccato::bench {
namespace {

std::string mbps(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g Mbit/s", v);
  return buf;
}

/// Service i's step at `rate`, sent at the line rate when the line carries less, saying so.
Y1564Step stepAt(size_t i, Y1564StepKind kind, double rate, double seconds, std::string label, uint64_t burst, double line) {
  Y1564Step step{i, kind, std::min(rate, line), seconds, burst, std::move(label), ""};
  if (rate > line * (1 + 1e-9)) step.note = "sent at the line rate, " + mbps(line) + ", below the " + mbps(rate) + " asked";
  return step;
}

}  // namespace

double policingRateMbps(const Y1564Service& s) {
  return s.eirMbps >= 0.2 * s.cirMbps ? s.cirMbps + 1.25 * s.eirMbps : 1.25 * s.cirMbps + s.eirMbps;
}

double lineRateMbpsOfFrames(double lineRateBps, const FrameSize& size) {
  return maxFrameRate(lineRateBps, size.averageBytes()) * size.averageBytes() * 8 / 1e6;
}

std::vector<Y1564Step> configurationSteps(const Y1564Config& c, double lineRateBps) {
  std::vector<Y1564Step> out;
  for (size_t i = 0; i < c.services.size(); ++i) {
    const Y1564Service& s = c.services[i];
    const double line = lineRateMbpsOfFrames(lineRateBps, s.frameSize);
    auto add = [&](Y1564StepKind kind, double rate, std::string label, uint64_t burst = 0) {
      out.push_back(stepAt(i, kind, rate, c.stepSeconds, std::move(label), burst, line));
    };
    for (double f : c.cirSteps) {
      char label[32];
      std::snprintf(label, sizeof label, "%.0f %% of CIR", f * 100);
      add(Y1564StepKind::kCir, f * s.cirMbps, label);
    }
    if (s.eirMbps > 0) add(Y1564StepKind::kCirEir, s.cirMbps + s.eirMbps, "CIR + EIR");
    add(Y1564StepKind::kPolicing, policingRateMbps(s),
        s.eirMbps >= 0.2 * s.cirMbps ? "policing: CIR + 1.25 x EIR" : "policing: 1.25 x CIR + EIR");
    if (s.cbsBytes > 0) add(Y1564StepKind::kCbs, s.cirMbps, "CBS burst", s.cbsBytes);
    if (s.ebsBytes > 0) add(Y1564StepKind::kEbs, s.cirMbps + s.eirMbps, "EBS burst", s.cbsBytes + s.ebsBytes);
  }
  return out;
}

Y1564Step performanceStep(const Y1564Config& c, size_t service, double lineRateBps) {
  const Y1564Service& s = c.services.at(service);
  return stepAt(service, Y1564StepKind::kCir, s.cirMbps, c.performanceSeconds, "performance", 0,
                lineRateMbpsOfFrames(lineRateBps, s.frameSize));
}

}  // namespace staccato::bench
