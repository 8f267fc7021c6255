#pragma once
/// What RFC 2889's searches share: one trial's step (searchTrial) and the bisection of the rate
/// searches (highestPassing): try `max` first; while a value fails, halve down to `min`; once one
/// passed, bisect between the highest pass and the lowest fail until they are `close` apart.
/// `tryValue` runs one trial: true passed, false failed, nullopt stop.
#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/core/result.h"

namespace staccato::bench {

/// One trial of a search, appended to `trials` (and told to `trialDone`): nullopt, with `note`
/// saying why, when a stop was asked for or the tester did not send or count the trial as asked
/// (it judges nothing); else whether it passed. `what` names the trial ("of 2048 addresses").
template <typename Trial>
Result<std::optional<bool>> searchTrial(std::vector<Trial>& trials, std::string& note, const std::string& what,
                                        const std::function<Result<Trial>()>& run,
                                        const std::function<void(const Trial&)>& trialDone,
                                        const std::function<bool()>& stopRequested) {
  if (stopRequested && stopRequested()) {
    note = "stopped before the search ended";
    return std::optional<bool>{};
  }
  auto trial = run();
  if (!trial) return trial.error();
  trials.push_back(std::move(*trial));
  const Trial& t = trials.back();
  if (trialDone) trialDone(t);
  if (!t.judged()) {
    note = "the tester did not send or count the trial " + what + " as asked (" + t.testerNote +
           "): it judges nothing, so the search stops";
    return std::optional<bool>{};
  }
  return std::optional<bool>{t.passed()};
}

struct Bracket {
  double passed = 0;  ///< the highest value that passed; 0 = none
  double failed = 0;  ///< the lowest value that failed; 0 = none
};

inline Result<Bracket> highestPassing(double max, double min, const std::function<bool(const Bracket&)>& close,
                                      const std::function<Result<std::optional<bool>>(double)>& tryValue) {
  Bracket b;
  for (double next = max;;) {
    auto outcome = tryValue(next);
    if (!outcome) return outcome.error();
    if (!*outcome) return b;
    (**outcome ? b.passed : b.failed) = next;
    if (b.failed == 0) return b;                       // the highest value passed
    if (b.passed == 0 && next <= min) return b;        // not even the lowest
    if (b.passed > 0 && close(b)) return b;
    next = b.passed == 0 ? std::max(min, b.failed / 2) : (b.passed + b.failed) / 2;
  }
}

}  // namespace staccato::bench
