#include "client/core/benchmark/search_outcome.h"

#include "client/core/benchmark/trial_verdict.h"

namespace staccato::bench {

void countTrial(SearchOutcome& outcome, const TrialResult& r, double fullSeconds) {
  ++outcome.trials;
  outcome.fullLengthTrials += r.request.durationSeconds >= fullSeconds - 1e-9;
  outcome.trialSeconds += r.request.durationSeconds;
}

GoalResult goalResult(const LossGoal& goal, double lower, double upper, const LoadRange& range) {
  GoalResult g;
  g.goal = goal;
  g.lowerLoad = lower;
  g.upperLoad = upper;
  const bool failedInRange = upper > 0 && upper <= range.ceiling();
  if (range.exhausted()) {
    g.testerLimited = true;
    g.testerLimit = "the tester could not send the minimum load (" + percentText(range.min()) + " of line rate): " +
                    range.boundReason();
  } else if (!failedInRange && range.testerBound()) {
    g.testerLimited = true;
    g.testerLimit = "tester-limited at " + percentText(range.ceiling()) + " of line rate: " + range.boundReason();
  } else if (!failedInRange && range.deviceBound()) {
    g.deviceLimit = "the device pushed back at " + percentText(range.ceiling()) + " of line rate, losing nothing: " +
                    range.boundReason();
  }
  return g;
}

}  // namespace staccato::bench
