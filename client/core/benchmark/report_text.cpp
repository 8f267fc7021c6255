#include "client/core/benchmark/report_text.h"

#include <cstdio>

#include "client/core/benchmark/trial_verdict.h"

namespace staccato::bench {

std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

std::string loadText(double load) { return fixed(100 * load, 2) + " %"; }

RateFigures figuresAt(const BenchmarkResult& r, const FrameSize& size, double load) {
  RateFigures f;
  f.pps = load * maxFrameRate(r.config.lineRateBps, size.averageBytes());
  f.l1Mbps = l1BitsPerSecond(f.pps, size.averageBytes()) / 1e6;
  f.l2Mbps = f.pps * 8 * size.averageBytes() / 1e6;
  return f;
}

std::string goalText(const GoalResult& g) {
  if (g.testerLimited) return g.testerLimit;
  if (!g.found()) return "not met even at the minimum load";
  return loadText(g.lowerLoad) + " of line rate" + (g.deviceLimit.empty() ? "" : " (" + g.deviceLimit + ")");
}

std::string goalFailure(const GoalResult& g) {
  if (g.testerLimited) return "";
  if (!g.found()) return g.goal.name + " not met even at the minimum load";
  if (g.goal.requiredLoad > 0 && g.lowerLoad < g.goal.requiredLoad)
    return g.goal.name + " " + loadText(g.lowerLoad) + " is below the required " + loadText(g.goal.requiredLoad);
  return "";
}

std::string goalNote(const GoalResult& g) {
  const std::string why = g.testerLimited ? g.testerLimit : goalFailure(g);
  return why.empty() || g.deviceLimit.empty() ? why + g.deviceLimit : why + "; " + g.deviceLimit;
}

}  // namespace staccato::bench
