#pragma once
/// Whether a counted trial meets a loss goal and the pass criteria: the one judgement the
/// searches, the latency test and the reports share.
#include <string>

#include "client/core/benchmark/benchmark_config.h"
#include "client/core/benchmark/trial.h"

namespace staccato::bench {

/// Why `r` breaks `criteria` (latency, jitter, reordered, duplicated), or "" when it does not.
/// Latency limits need the trial's histogram: a trial without one breaks them.
std::string criteriaFailure(const TrialResult& r, const PassCriteria& criteria);
std::string criteriaFailure(const LatencyHistogram& latency, const PassCriteria& criteria);

/// Why `r` fails `goal`: its loss ratio above the goal's, or a criterion; "" when it meets both.
std::string goalFailure(const TrialResult& r, const LossGoal& goal, const PassCriteria& criteria);

/// Loss ratio and latency as people read them: "0.25 %", "12.5 us".
std::string percentText(double ratio);
std::string nsText(double ns);

}  // namespace staccato::bench
