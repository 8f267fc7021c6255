#pragma once
/// The loads a search may try: from the config's minimum up to a ceiling that is the config's
/// maximum, this generator's calibration, what a tester-limited trial showed it could send, or
/// what a device that pushed back took.
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
  /// Whether the ceiling is the tester's (below the config's maximum), or where the device
  /// pushed back (it took no more); boundReason() says why.
  bool testerBound() const { return !boundReason_.empty() && !deviceBound_; }
  bool deviceBound() const { return deviceBound_; }
  const std::string& boundReason() const { return boundReason_; }
  /// Nothing left to try: the tester cannot even send the minimum load.
  bool exhausted() const { return ceiling_ < min_; }

  /// After a trial that did not count (tester-limited): the ceiling drops below its load, to no
  /// more than what it really offered (less the tolerance); after a sender's stalls, twice as far
  /// each time in a row (it offers what was asked, yet fails far below, where its bursts stop
  /// overflowing the device: walking down by the precision took minutes to get there).
  void lowerAfter(const TrialResult& r, double tolerance);
  /// A trial counted: the next one that does not lowers the ceiling by one step again. One the
  /// device pushed back in (r.devicePushedBack) also lowers the ceiling: halfway from the load it
  /// asked for to the one it offered, or to that one once they are as close as the precision.
  void counted(const TrialResult& r);

  /// Whether `lo` and `hi` are as close as the search's precision asks.
  bool narrow(double lo, double hi, double widthScale = 1) const;
  /// One precision step at `load` (the absolute step, or the relative one there).
  double step(double load, double widthScale = 1) const;

 private:
  double min_, ceiling_;
  double absolute_, relative_;
  std::string boundReason_;
  unsigned uncountedInARow_ = 0;
  bool deviceBound_ = false;
};

}  // namespace staccato::bench
