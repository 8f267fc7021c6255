#pragma once
/// RFC 2544 26.3: the frame-loss rate at falling loads, from the start load down in steps,
/// until trials in a row lose nothing. Loads above this generator's calibration are not run:
/// they are tester-limited.
#include <string>
#include <vector>

#include "client/core/benchmark/trial_runner.h"

namespace staccato::bench {

struct LossStep {
  double load = 0;         ///< intended, fraction of line rate
  double offeredLoad = 0;  ///< what the generator sent (0 when not run)
  double lossRatio = 0;
  uint64_t txFrames = 0, rxFrames = 0;
  bool testerLimited = false;
  std::string note;
  bool operator==(const LossStep&) const = default;
};

struct FrameLossResult {
  std::vector<LossStep> steps;  ///< in the order run (falling load)
  bool operator==(const FrameLossResult&) const = default;
};

Result<FrameLossResult> frameLossTest(TrialRunner& runner, const FrameLossSettings& settings);

}  // namespace staccato::bench
