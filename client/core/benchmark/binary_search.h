#pragma once
/// RFC 2544 26.1: the throughput found by binary search, one search per loss goal, every trial
/// at full length: first at the highest load, then halving the interval between the highest
/// load that met the goal and the lowest that failed it, until it is as narrow as the precision.
#include "client/core/benchmark/search_result.h"
#include "client/core/benchmark/trial_runner.h"

namespace staccato::bench {

Result<SearchOutcome> binarySearch(TrialRunner& runner, const SearchSettings& settings, const PassCriteria& criteria);

}  // namespace staccato::bench
