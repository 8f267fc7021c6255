#pragma once
/// RFC 2544 26.2: latency at the throughput found and at fractions of it (100/90/50/10 % by
/// default), `trials` trials each, their histograms merged; each load judged by the pass criteria.
#include <string>
#include <vector>

#include "client/core/benchmark/trial_runner.h"

namespace staccato::bench {

struct LatencyPoint {
  double fraction = 0;      ///< of the base load
  double load = 0;          ///< fraction of line rate
  uint32_t trials = 0;      ///< counted trials merged
  LatencyHistogram latency; ///< all counted trials merged
  uint64_t reordered = 0, duplicated = 0;
  bool testerLimited = false;
  std::string failure;      ///< the pass criteria it broke ("" = none), or why nothing was measured
  bool operator==(const LatencyPoint&) const = default;
};

struct LatencyResult {
  double baseLoad = 0;     ///< fraction of line rate the fractions apply to
  std::string basis;       ///< "NDR throughput", "fixed load"
  std::vector<LatencyPoint> points;
  bool operator==(const LatencyResult&) const = default;
};

Result<LatencyResult> latencyTest(TrialRunner& runner, const LatencySettings& settings, const PassCriteria& criteria,
                                  double baseLoad, std::string basis);

}  // namespace staccato::bench
