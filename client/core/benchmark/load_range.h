#pragma once
/// The loads a search may try: from the config's minimum up to a ceiling that is the config's
/// maximum, this generator's calibration, or what a tester-limited trial showed it could send.
#include <string>

#include "client/core/benchmark/benchmark_config.h"
#include "client/core/benchmark/trial.h"

namespace staccato::bench {

class LoadRange {
 public:
  /// `testerCeiling`: the highest load the calibration allows (1 when not calibrated).
  LoadRange(const SearchSettings& settings, double testerCeiling);

  double min() const { return min_; }
  double ceiling() const { return ceiling_; }
  /// Whether the ceiling is the tester's (below the config's maximum), and why.
  bool testerBound() const { return !testerReason_.empty(); }
  const std::string& testerReason() const { return testerReason_; }
  /// Nothing left to try: the tester cannot even send the minimum load.
  bool exhausted() const { return ceiling_ < min_; }

  /// After a trial that did not count (tester-limited): the ceiling drops below its load, to no
  /// more than what it really offered (less the tolerance); after a sender's stalls, twice as far
  /// each time in a row (it offers what was asked, yet fails far below, where its bursts stop
  /// overflowing the device: walking down by the precision took minutes to get there).
  void lowerAfter(const TrialResult& r, double tolerance);
  /// A trial counted: the next one that does not lowers the ceiling by one step again.
  void counted() { uncountedInARow_ = 0; }

  /// Whether `lo` and `hi` are as close as the search's precision asks.
  bool narrow(double lo, double hi, double widthScale = 1) const;
  /// One precision step at `load` (the absolute step, or the relative one there).
  double step(double load, double widthScale = 1) const;

 private:
  double min_, ceiling_;
  double absolute_, relative_;
  std::string testerReason_;
  unsigned uncountedInARow_ = 0;
};

}  // namespace staccato::bench
