#pragma once
/// What both searches do with their findings: count trials, and turn bounds into a GoalResult
/// that says when the tester, not the device, was the limit.
#include "client/core/benchmark/load_range.h"
#include "client/core/benchmark/search_result.h"

namespace staccato::bench {

/// Adds `r` to the outcome's trial counts (`fullSeconds`: the full trial length).
void countTrial(SearchOutcome& outcome, const TrialResult& r, double fullSeconds);

/// The result of a goal whose search ended with `lower` meeting it and `upper` failing it (0 =
/// none): tester-limited when no failing load at or below the ceiling was found and the ceiling is
/// the tester's, or when the tester could not send even the minimum load.
GoalResult goalResult(const LossGoal& goal, double lower, double upper, const LoadRange& range);

}  // namespace staccato::bench
