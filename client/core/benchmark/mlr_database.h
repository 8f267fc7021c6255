#pragma once
/// The multi-goal search's memory (RFC 9971): every counted trial by load, and each load
/// classified per target as a lower bound (meets it), an upper bound (fails it) or undecided
/// (needs more full-length trial time). The relevant upper bound is the smallest load that fails;
/// the relevant lower bound the largest load below it that meets the target, so a failing load
/// always wins over inconsistent passes above it.
#include <map>
#include <string>
#include <vector>

namespace staccato::bench {

/// One step of a goal's search: its loss ratio with a trial length, how much full-length trial
/// time decides a load, and how wide the bounds may stay (scale of the precision).
struct Target {
  double lossRatio = 0;
  double trialSeconds = 0;
  double durationSum = 0;
  double exceedRatio = 0;
  double widthScale = 1;
};

enum class LoadClass { kUndecided, kLower, kUpper };

struct Bounds {
  double lower = 0, upper = 0;  ///< 0 = none
};

class LoadDatabase {
 public:
  /// A counted trial at `load` of `seconds` that lost `lossRatio` and met (or not) the pass criteria.
  void add(double load, double seconds, double lossRatio, bool criteriaMet);

  LoadClass classify(double load, const Target& t) const;
  Bounds bounds(const Target& t) const;
  /// The worst forwarding ratio (received / sent) seen at `load` (1 when not measured).
  double forwardRatio(double load) const;
  /// Inconsistencies for `t`: loads that meet it above the relevant upper bound, loads with both
  /// passing and failing full-length trials.
  std::vector<std::string> irregularities(const Target& t) const;

 private:
  struct Trial {
    double seconds, lossRatio;
    bool criteriaMet;
  };
  static bool good(const Trial& trial, const Target& t) { return trial.criteriaMet && trial.lossRatio <= t.lossRatio; }
  LoadClass classify(const std::vector<Trial>& trials, const Target& t) const;

  std::map<double, std::vector<Trial>> loads_;
};

}  // namespace staccato::bench
