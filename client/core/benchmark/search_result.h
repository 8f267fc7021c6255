#pragma once
/// What a throughput search found for each loss goal at one frame size.
#include <cstdint>
#include <string>
#include <vector>

#include "client/core/benchmark/benchmark_config.h"

namespace staccato::bench {

struct GoalResult {
  LossGoal goal;
  double lowerLoad = 0;  ///< the highest load that met the goal (fraction of line rate per flow); 0 = none
  double upperLoad = 0;  ///< the lowest load that failed it; 0 = none failed
  bool testerLimited = false;  ///< the generator, not the device, ended the search (at lowerLoad)
  std::string testerLimit;     ///< why, when testerLimited
  /// Set when the device pushed back (took frames no faster than lowerLoad, and lost none above
  /// it): the device's own limit, said so instead of a loss.
  std::string deviceLimit;
  std::vector<std::string> irregular;  ///< inconsistent results seen (the lower failing load won)
  bool found() const { return lowerLoad > 0; }
  bool operator==(const GoalResult&) const = default;
};

struct SearchOutcome {
  std::vector<GoalResult> goals;  ///< in the order of the config's goals
  uint32_t trials = 0;            ///< trials the search ran (receiver-missed repeats included)
  uint32_t fullLengthTrials = 0;  ///< of those, at the full trial length
  double trialSeconds = 0;        ///< their sending time added up
  bool operator==(const SearchOutcome&) const = default;
};

}  // namespace staccato::bench
