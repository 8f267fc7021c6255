#include "client/core/flows/flow_search.h"

#include <cmath>

#include "client/core/flows/flow_totals.h"
#include "client/core/flows/flow_verdict.h"
#include "common/core/decimal_text.h"

namespace staccato::client {

FlowTrialOutcome judgeFlowTrial(const v1::PortFlows& c, const FlowCriteria& criteria) {
  FlowTrialOutcome o;
  o.client = c;
  if (flowRunLimitedByTester(c)) {
    o.testerLimited = true;
    o.why = "not judged: " + flowVerdictLine(c);
    return o;
  }
  const FlowTotals steady = flowTotals(c, "steady");
  const v1::LatencyStats last = mergedFlowLatency(c, FlowLatency::kLastByte, "steady");
  o.why = std::to_string(steady.failures()) + " of " + std::to_string(steady.attempted) + " failed";
  if (last.samples()) o.why += ", p99 " + decimalText(double(last.p99_ns()) / 1e6) + " ms";
  const bool failuresOk = double(steady.failures()) <= criteria.maxFailureRatio * double(steady.attempted);
  const bool latencyOk = criteria.maxP99Ns == 0 || (last.samples() > 0 && last.p99_ns() <= criteria.maxP99Ns);
  o.passed = steady.attempted > 0 && failuresOk && latencyOk && c.error().empty();
  if (!c.error().empty()) o.why += "; the run ended early: " + c.error();
  return o;
}

FlowSearchResult searchFlowLoad(const FlowSearchSettings& s, const std::function<FlowTrialOutcome(double)>& trial) {
  FlowSearchResult r;
  auto run = [&](double load) {
    r.trials.push_back({load, trial(load)});
    return r.trials.back().outcome;
  };
  auto testerStop = [&](double load) {
    r.complete = false;
    r.why = (r.trials.back().outcome.stopped ? "stopped on request at " : "the tester could not offer ") + decimalText(load) +
            ": the search ends at what passed below it";
  };
  const FlowTrialOutcome top = run(s.high);
  if (top.testerLimited) return testerStop(s.high), r;
  if (top.passed) {
    r.found = s.high;
    r.atLeast = true;
    r.why = "the highest load asked for passed: the device holds at least " + decimalText(s.high);
    return r;
  }
  double lo = s.low, hi = s.high;
  const FlowTrialOutcome bottom = run(s.low);
  if (bottom.testerLimited) return testerStop(s.low), r;
  if (!bottom.passed) {
    r.why = "even the lowest load, " + decimalText(s.low) + ", failed";
    return r;
  }
  r.found = lo;
  while (hi - lo > s.resolution * hi) {
    if (r.trials.size() >= s.maxTrials) {
      r.complete = false;
      r.why = "stopped after " + std::to_string(s.maxTrials) + " trials between " + decimalText(lo) + " and " + decimalText(hi);
      return r;
    }
    const double mid = std::round((lo + hi) / 2);
    if (mid <= lo || mid >= hi) break;  // whole connections: nothing left between them
    const FlowTrialOutcome o = run(mid);
    if (o.testerLimited) return testerStop(mid), r;
    (o.passed ? lo : hi) = mid;
    if (o.passed) r.found = mid;
  }
  r.why = "passes at " + decimalText(lo) + ", fails at " + decimalText(hi);
  return r;
}

}  // namespace staccato::client
