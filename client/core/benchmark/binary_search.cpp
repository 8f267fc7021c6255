#include "client/core/benchmark/binary_search.h"

#include <algorithm>

#include "client/core/benchmark/load_range.h"
#include "client/core/benchmark/search_outcome.h"
#include "client/core/benchmark/trial_verdict.h"

namespace staccato::bench {
namespace {

/// One goal's search over `range` (shared by the goals: a tester limit found once holds for all).
Result<GoalResult> searchGoal(TrialRunner& runner, const SearchSettings& s, const PassCriteria& criteria,
                              const LossGoal& goal, LoadRange& range, SearchOutcome& outcome) {
  double lo = 0, hi = 0;  // the highest load that met the goal, the lowest that failed it (0 = none)
  bool minTried = false;
  double next = range.ceiling();
  while (!range.exhausted()) {
    auto r = runner.continuous(next, s.trialSeconds, "throughput", goal.name);
    if (!r) return r.error();
    countTrial(outcome, *r, s.trialSeconds);
    if (!r->counted) {
      range.lowerAfter(*r, runner.tolerance());
      if (range.exhausted() || (lo > 0 && lo >= range.ceiling())) break;
      next = hi > 0 && hi <= range.ceiling() ? (std::max(lo, range.min()) + hi) / 2 : range.ceiling();
      continue;
    }
    range.counted(*r);
    // A device that pushed back took less than asked: the trial is evidence at what it took.
    const double load = r->countedLoad();
    if (goalFailure(*r, goal, criteria).empty()) lo = std::max(lo, load);
    else hi = hi > 0 ? std::min(hi, load) : load;
    const double top = hi > 0 && hi <= range.ceiling() ? hi : 0;
    if (top == 0) {
      if (lo >= range.ceiling()) break;  // met the goal at the ceiling
      next = range.ceiling();
      continue;
    }
    const double base = lo > 0 ? lo : range.min();
    if (range.narrow(base, top)) {
      if (lo > 0 || minTried || top <= range.min()) break;
      minTried = true;  // nothing met the goal yet: does the minimum load?
      next = range.min();
      continue;
    }
    next = (base + top) / 2;
  }
  return goalResult(goal, lo, hi, range);
}

}  // namespace

Result<SearchOutcome> binarySearch(TrialRunner& runner, const SearchSettings& s, const PassCriteria& criteria) {
  SearchOutcome outcome;
  LoadRange range(s, runner.testerCeiling());
  for (const LossGoal& goal : s.goals) {
    auto g = searchGoal(runner, s, criteria, goal, range, outcome);
    if (!g) return g.error();
    outcome.goals.push_back(std::move(g).value());
  }
  return outcome;
}

}  // namespace staccato::bench
