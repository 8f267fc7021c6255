#include "client/core/benchmark/mlr_search.h"

#include <algorithm>
#include <cmath>

#include "client/core/benchmark/load_range.h"
#include "client/core/benchmark/search_outcome.h"
#include "client/core/benchmark/trial_verdict.h"

namespace staccato::bench {
namespace {

/// A search that has not converged after this many trials has a bug or a device that changes
/// under it: it ends with an error instead of running forever.
constexpr uint32_t kMaxTrials = 2000;

enum class Strategy { kNone, kStart, kHalve, kRefineLo, kRefineHi, kExtendLo, kExtendHi, kBisect };

/// One goal's progress along its chain of targets.
struct Selector {
  std::vector<Target> chain;
  size_t current = 0;
  double initLo = 0, initHi = 0;  ///< the previous target's bounds (0 = none)
  double expand = 0;              ///< the external search's step; 0 = one precision step
  Strategy last = Strategy::kNone;
  bool done = false;
};

struct Candidate {
  double load = 0, seconds = 0;
  Selector* selector = nullptr;
  Strategy strategy = Strategy::kNone;
};

/// An upper bound above the ceiling cannot be bisected towards: the search sees none.
Bounds usable(Bounds b, const LoadRange& range) {
  if (b.upper > range.ceiling()) b.upper = 0;
  return b;
}

Candidate pick(Selector& s, const LoadDatabase& db, const LoadRange& range) {
  const Target& t = s.chain[s.current];
  const Bounds b = usable(db.bounds(t), range);
  const auto worth = [&](double load) {
    return load >= range.min() && load <= range.ceiling() && db.classify(load, t) == LoadClass::kUndecided &&
           (b.lower == 0 || load > b.lower) && (b.upper == 0 || load < b.upper);
  };
  const auto nominate = [&](double load, Strategy strategy) { return Candidate{load, t.trialSeconds, &s, strategy}; };
  if (b.lower > 0 && b.upper > 0 && range.narrow(b.lower, b.upper, t.widthScale)) return {};
  if (b.lower > 0 && b.upper == 0 && b.lower >= range.ceiling()) return {};  // meets it at the ceiling
  if (b.upper > 0 && b.lower == 0 && b.upper <= range.min()) return {};     // fails it at the minimum
  if (s.initLo > 0 && s.initHi > 0 && !range.narrow(s.initLo, s.initHi, t.widthScale) &&
      range.narrow(s.initLo, s.initHi, 2 * t.widthScale) && worth((s.initLo + s.initHi) / 2))
    return nominate((s.initLo + s.initHi) / 2, Strategy::kHalve);
  if (s.initLo > 0 && worth(s.initLo)) return nominate(s.initLo, Strategy::kRefineLo);
  if (s.initHi > 0 && worth(s.initHi)) return nominate(s.initHi, Strategy::kRefineHi);
  if (b.lower == 0 && b.upper == 0) {
    if (worth(range.ceiling())) return nominate(range.ceiling(), Strategy::kStart);
    return worth(range.min()) ? nominate(range.min(), Strategy::kStart) : Candidate{};
  }
  const double step = s.expand > 0 ? s.expand : range.step(b.lower > 0 ? b.lower : b.upper, t.widthScale);
  if (b.lower == 0) {
    // Below a new upper bound, first try what the device forwarded there (RFC 9971's start from
    // the forwarding rate), then steps that double.
    double load = b.upper - step;
    if (s.expand == 0) load = std::min(load, b.upper * db.forwardRatio(b.upper));
    load = std::max(load, range.min());
    return worth(load) ? nominate(load, Strategy::kExtendLo) : Candidate{};
  }
  if (b.upper == 0) {
    const double load = std::min(b.lower + step, range.ceiling());
    return worth(load) ? nominate(load, Strategy::kExtendHi) : Candidate{};
  }
  const double mid = (b.lower + b.upper) / 2;
  return worth(mid) ? nominate(mid, Strategy::kBisect) : Candidate{};
}

/// The selector's next load, moving on to its next target when this one is reached.
Candidate nominate(Selector& s, const LoadDatabase& db, const LoadRange& range) {
  while (!s.done) {
    if (Candidate c = pick(s, db, range); c.load > 0) return c;
    if (s.current + 1 == s.chain.size()) {
      s.done = true;
      break;
    }
    const Bounds b = usable(db.bounds(s.chain[s.current]), range);
    s.initLo = b.lower;
    s.initHi = b.upper;
    s.expand = 0;
    ++s.current;
  }
  return {};
}

/// After its candidate ran: an external search that landed on the same side again doubles its step.
void won(const Candidate& c, const LoadDatabase& db, const LoadRange& range) {
  Selector& s = *c.selector;
  const Target& t = s.chain[s.current];
  const Bounds b = usable(db.bounds(t), range);
  const double step = s.expand > 0 ? s.expand : range.step(c.load, t.widthScale);
  if ((c.strategy == Strategy::kExtendLo && b.upper == c.load) || (c.strategy == Strategy::kExtendHi && b.lower == c.load))
    s.expand = 2 * step;
  else if (c.strategy != Strategy::kExtendLo && c.strategy != Strategy::kExtendHi)
    s.expand = 0;
}

}  // namespace

std::vector<Target> targetChain(const LossGoal& goal, const SearchSettings& s) {
  const double sum = s.durationSum > 0 ? s.durationSum : s.trialSeconds;
  std::vector<Target> chain{{goal.lossRatio, s.trialSeconds, sum, s.exceedRatio, 1}};
  const unsigned preceding = s.initialTrialSeconds < s.trialSeconds ? s.precedingTargets : 0;
  const double multiplier = preceding ? std::pow(s.initialTrialSeconds / sum, 1.0 / preceding) : 1;
  for (unsigned k = 1; k <= preceding; ++k) {
    const double precedingSum = k == preceding ? s.initialTrialSeconds : sum * std::pow(multiplier, k);
    chain.push_back({goal.lossRatio, std::min(s.trialSeconds, precedingSum), precedingSum, s.exceedRatio,
                     std::pow(2.0, k)});
  }
  std::reverse(chain.begin(), chain.end());
  return chain;
}

Result<SearchOutcome> multiGoalSearch(TrialRunner& runner, const SearchSettings& s, const PassCriteria& criteria) {
  SearchOutcome outcome;
  LoadRange range(s, runner.testerCeiling());
  LoadDatabase db;
  std::vector<Selector> selectors;
  for (const LossGoal& goal : s.goals) selectors.push_back({targetChain(goal, s)});
  while (!range.exhausted()) {
    Candidate winner;
    for (Selector& selector : selectors) {
      const Candidate c = nominate(selector, db, range);
      if (c.load > 0 && (winner.load == 0 || c.load < winner.load || (c.load == winner.load && c.seconds > winner.seconds)))
        winner = c;
    }
    if (winner.load == 0) break;
    if (outcome.trials >= kMaxTrials)
      return makeError("search", "did not converge in " + std::to_string(kMaxTrials) + " trials");
    const Selector& chosen = *winner.selector;
    const std::string phase = s.goals[size_t(&chosen - selectors.data())].name + ", step " +
                              std::to_string(chosen.current + 1) + "/" + std::to_string(chosen.chain.size());
    auto r = runner.continuous(winner.load, winner.seconds, "throughput", phase);
    if (!r) return r.error();
    countTrial(outcome, *r, s.trialSeconds);
    if (!r->counted) {
      range.lowerAfter(*r, runner.tolerance());
      continue;
    }
    range.counted(*r);
    db.add(r->countedLoad(), winner.seconds, r->lossRatio(), criteriaFailure(*r, criteria).empty());
    won(winner, db, range);
  }
  for (size_t i = 0; i < s.goals.size(); ++i) {
    const Target& final = selectors[i].chain.back();
    const Bounds b = db.bounds(final);
    GoalResult g = goalResult(s.goals[i], b.lower, b.upper, range);
    g.irregular = db.irregularities(final);
    outcome.goals.push_back(std::move(g));
  }
  return outcome;
}

}  // namespace staccato::bench
