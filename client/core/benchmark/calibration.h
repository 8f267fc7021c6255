#pragma once
/// Generator calibration (`staccato-cli benchmark calibrate`): per frame size, the highest rate
/// this generator really sends and counts, through a loop with no device (port to port or a
/// loop cable). A binary search for the highest load whose trials send what was asked (within
/// the tester tolerance) and receive every frame; kept with every report and checked on every
/// trial (tester_rule.h).
#include <string>
#include <vector>

#include "client/core/benchmark/trial_runner.h"

namespace staccato::bench {

struct CalibrationSettings {
  double trialSeconds = 2;
  double relativePrecision = 0.01;
};

/// Calibrates `loop` (an executor whose ports are joined without a device) at `config`'s frame
/// sizes, line rate, flows and trial settings. Every trial goes to `log`. `setup` says how the
/// ports were joined (kept in the calibration). An error when a size cannot send even the minimum.
Result<Calibration> calibrate(TrialExecutor& loop, const BenchmarkConfig& config, const CalibrationSettings& settings,
                              const RunHooks& hooks, std::vector<TrialResult>& log, std::string setup);

}  // namespace staccato::bench
