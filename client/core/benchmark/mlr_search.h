#pragma once
/// The multi-goal search of RFC 9971 (MLRsearch), as FD.io CSIT runs it, simplified: every loss
/// goal is searched at once over one shared set of trials. Each goal walks a chain of targets,
/// from short trials and coarse precision to full-length trials at the asked precision; short
/// trials find the interval, full-length trials only confirm a bound. Of the loads the goals
/// nominate, the lowest runs first (ties: the longest trial). A failing trial at any length is an
/// upper bound (with exceed ratio 0), so the smallest failing load wins; passes above it are
/// reported as irregular.
#include <vector>

#include "client/core/benchmark/mlr_database.h"
#include "client/core/benchmark/search_result.h"
#include "client/core/benchmark/trial_runner.h"

namespace staccato::bench {

/// The targets of one goal, coarsest (shortest trials, 2^n times the width) first, final last:
/// trial lengths rise geometrically from initialTrialSeconds to trialSeconds.
std::vector<Target> targetChain(const LossGoal& goal, const SearchSettings& settings);

Result<SearchOutcome> multiGoalSearch(TrialRunner& runner, const SearchSettings& settings, const PassCriteria& criteria);

}  // namespace staccato::bench
