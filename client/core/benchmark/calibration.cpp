#include "client/core/benchmark/calibration.h"

#include <chrono>

#include "client/core/benchmark/binary_search.h"
#include "client/core/benchmark/trial_verdict.h"

namespace staccato::bench {

Result<Calibration> calibrate(TrialExecutor& loop, const BenchmarkConfig& config, const CalibrationSettings& settings,
                              const RunHooks& hooks, std::vector<TrialResult>& log, std::string setup) {
  Calibration calibration;
  calibration.setup = std::move(setup);
  calibration.measuredNs =
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  // No device: loss is the generator's own (its receiver), as is a rate it cannot offer. Both end
  // the search the same way, so the throughput for no loss is what it sends and counts.
  SearchSettings search = config.search;
  search.goals = {{"calibration", 0, 0}};
  search.trialSeconds = settings.trialSeconds;
  search.absolutePrecision = 0;
  search.relativePrecision = settings.relativePrecision;
  search.maxLoad = 1;
  const Calibration uncalibrated;
  TrialRunner runner(loop, config, uncalibrated, hooks, log);
  const std::vector<FrameSize> sizes = config.sizes();
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (auto s = loop.prepare(sizes[i], config); !s) return s.error();
    runner.setFrameSize(sizes[i], i, sizes.size());
    auto outcome = binarySearch(runner, search, PassCriteria{});
    if (!outcome) return outcome.error();
    const GoalResult& g = outcome->goals[0];
    if (!g.found())
      return makeError("calibration", "at " + sizes[i].label() + " bytes the generator does not send and count even " +
                                          percentText(search.minLoad) + " of line rate" +
                                          (g.testerLimit.empty() ? "" : ": " + g.testerLimit));
    calibration.points.push_back({sizes[i], runner.ppsAt(g.lowerLoad), config.lineRateBps});
  }
  return calibration;
}

}  // namespace staccato::bench
