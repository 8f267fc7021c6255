#pragma once
/// Configs and runs the benchmark tests share.
#include <vector>

#include "client/core/benchmark/benchmark_runner.h"
#include "tests/benchmark/simulated_device.h"

namespace staccato::bench::testing {

/// Throughput only, on a 1 Gbit/s line, with the given search method and goals NDR 0 % / PDR 0.5 %.
inline BenchmarkConfig searchConfig(SearchMethod method, std::vector<LossGoal> goals = {{"NDR", 0, 0}, {"PDR", 0.005, 0}}) {
  BenchmarkConfig c;
  c.tests = {TestKind::kThroughput};
  c.lineRateBps = 1e9;
  c.search.method = method;
  c.search.goals = std::move(goals);
  c.search.trialSeconds = 30;
  c.search.initialTrialSeconds = 1;
  c.search.relativePrecision = 0.005;
  return c;
}

/// One search at `size` through a runner over `device`; `log` receives every trial.
inline Result<SearchOutcome> searchOnce(SimulatedDevice& device, const BenchmarkConfig& c, const FrameSize& size,
                                        std::vector<TrialResult>& log, const Calibration& calibration = {}) {
  static const RunHooks hooks;
  TrialRunner runner(device, c, calibration, hooks, log);
  runner.setFrameSize(size, 0, 1);
  if (auto s = device.prepare(size, c); !s) return s.error();
  return searchThroughput(runner, c);
}

}  // namespace staccato::bench::testing
