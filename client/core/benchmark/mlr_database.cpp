#include "client/core/benchmark/mlr_database.h"

#include <algorithm>

#include "client/core/benchmark/trial_verdict.h"

namespace staccato::bench {
namespace {
constexpr double kEpsilon = 1e-9;
}

void LoadDatabase::add(double load, double seconds, double lossRatio, bool criteriaMet) {
  loads_[load].push_back({seconds, lossRatio, criteriaMet});
}

// RFC 9971's load classification: trials at least the target's length are "long"; short ones
// count with less weight. A load is a lower bound when even failing every missing second of the
// duration sum would keep the failing share within the exceed ratio, an upper bound when even
// passing all of them would not. With exceed ratio 0: one failing trial of any length makes an
// upper bound, and `durationSum` seconds of passing full-length trials a lower one.
LoadClass LoadDatabase::classify(const std::vector<Trial>& trials, const Target& t) const {
  double goodLong = 0, badLong = 0, goodShort = 0, badShort = 0;
  for (const Trial& trial : trials) {
    const bool isLong = trial.seconds >= t.trialSeconds - kEpsilon;
    (good(trial, t) ? (isLong ? goodLong : goodShort) : (isLong ? badLong : badShort)) += trial.seconds;
  }
  const double er = t.exceedRatio;
  const double shortExcess = badShort - goodShort * er / (1 - er);
  const double excess = badLong + std::max(0.0, shortExcess);
  const double sum = std::max(goodLong + excess, t.durationSum);
  const double limit = sum * er + kEpsilon;
  const bool optimistic = excess <= limit, pessimistic = sum - goodLong <= limit;
  if (optimistic != pessimistic) return LoadClass::kUndecided;
  return optimistic ? LoadClass::kLower : LoadClass::kUpper;
}

LoadClass LoadDatabase::classify(double load, const Target& t) const {
  const auto it = loads_.find(load);
  return it == loads_.end() ? LoadClass::kUndecided : classify(it->second, t);
}

Bounds LoadDatabase::bounds(const Target& t) const {
  Bounds b;
  for (const auto& [load, trials] : loads_) {  // ascending: stop at the first upper bound
    const LoadClass c = classify(trials, t);
    if (c == LoadClass::kUpper) {
      b.upper = load;
      break;
    }
    if (c == LoadClass::kLower) b.lower = load;
  }
  return b;
}

double LoadDatabase::forwardRatio(double load) const {
  const auto it = loads_.find(load);
  double ratio = 1;
  if (it != loads_.end())
    for (const Trial& trial : it->second) ratio = std::min(ratio, 1 - trial.lossRatio);
  return ratio;
}

std::vector<std::string> LoadDatabase::irregularities(const Target& t) const {
  std::vector<std::string> out;
  const Bounds b = bounds(t);
  for (const auto& [load, trials] : loads_) {
    bool goodLong = false, badLong = false;
    for (const Trial& trial : trials)
      if (trial.seconds >= t.trialSeconds - kEpsilon) (good(trial, t) ? goodLong : badLong) = true;
    if (goodLong && badLong)
      out.push_back("full-length trials at " + percentText(load) + " of line rate both met and failed the goal");
    if (b.upper > 0 && load > b.upper && classify(trials, t) == LoadClass::kLower)
      out.push_back(percentText(load) + " of line rate met the goal above the failing " + percentText(b.upper) +
                    " (inconsistent; the lower, failing load counts)");
  }
  return out;
}

}  // namespace staccato::bench
