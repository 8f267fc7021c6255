#include "client/core/benchmark/trial_verdict.h"

#include <cstdio>

namespace staccato::bench {

std::string percentText(double ratio) {
  char buf[48];
  const double pct = ratio * 100;
  std::snprintf(buf, sizeof buf, pct != 0 && pct < 0.01 ? "%.2g %%" : "%.3g %%", pct);
  return buf;
}

std::string nsText(double ns) {
  char buf[48];
  if (ns >= 1e6) std::snprintf(buf, sizeof buf, "%.3g ms", ns / 1e6);
  else if (ns >= 1e3) std::snprintf(buf, sizeof buf, "%.3g us", ns / 1e3);
  else std::snprintf(buf, sizeof buf, "%.0f ns", ns);
  return buf;
}

std::string criteriaFailure(const LatencyHistogram& l, const PassCriteria& c) {
  if (c.needsLatency() && l.samples == 0) return "no latency measured";
  if (c.maxLatencyNs && l.maxNs > *c.maxLatencyNs)
    return "latency " + nsText(double(l.maxNs)) + " above the limit " + nsText(double(*c.maxLatencyNs));
  if (c.percentile && c.percentileLatencyNs) {
    const uint64_t v = l.percentile(*c.percentile);
    if (l.index.empty()) return "no latency histogram for the percentile limit";
    if (v > *c.percentileLatencyNs) {
      char name[32];
      std::snprintf(name, sizeof name, "p%g", *c.percentile * 100);
      return std::string(name) + " latency " + nsText(double(v)) + " above the limit " + nsText(double(*c.percentileLatencyNs));
    }
  }
  if (c.maxJitterNs && l.jitterNs > double(*c.maxJitterNs))
    return "jitter " + nsText(l.jitterNs) + " above the limit " + nsText(double(*c.maxJitterNs));
  return "";
}

std::string criteriaFailure(const TrialResult& r, const PassCriteria& c) {
  if (c.maxReordered && r.reordered > *c.maxReordered)
    return std::to_string(r.reordered) + " frames reordered (limit " + std::to_string(*c.maxReordered) + ")";
  if (c.maxDuplicated && r.duplicated > *c.maxDuplicated)
    return std::to_string(r.duplicated) + " frames duplicated (limit " + std::to_string(*c.maxDuplicated) + ")";
  return criteriaFailure(r.latency, c);
}

std::string goalFailure(const TrialResult& r, const LossGoal& goal, const PassCriteria& criteria) {
  if (r.lossRatio() > goal.lossRatio)
    return "lost " + percentText(r.lossRatio()) + " (" + goal.name + " allows " + percentText(goal.lossRatio) + ")";
  return criteriaFailure(r, criteria);
}

}  // namespace staccato::bench
