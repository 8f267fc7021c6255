#include "client/core/benchmark/y1564_runner.h"

#include <algorithm>
#include <cstdio>

namespace staccato::bench {

bool Y1564Result::servicePasses(size_t i) const {
  for (const Y1564StepResult& s : configuration)
    if (s.step.service == i && !s.verdict.pass) return false;
  return i >= performance.size() || performance[i].verdict.pass;
}

bool Y1564Result::pass() const {
  return std::all_of(configuration.begin(), configuration.end(), [](const auto& s) { return s.verdict.pass; }) &&
         std::all_of(performance.begin(), performance.end(), [](const auto& p) { return p.verdict.pass; });
}

Result<Y1564Result> runY1564(const Y1564Config& config, double lineRateBps, Y1564Executor& executor,
                             const Y1564Hooks& hooks, bool performance) {
  if (auto s = config.check(); !s) return s.error();
  Y1564Result result;
  for (const Y1564Step& step : configurationSteps(config, lineRateBps)) {
    if (hooks.stopRequested && hooks.stopRequested()) return makeError("", "stopped", ErrorKind::kBusy);
    auto measured = executor.runStep(config, step);
    if (!measured)
      return makeError(config.services[step.service].name + " (" + step.label + ")", measured.error().toString(),
                       measured.error().kind);
    result.configuration.push_back({step, *measured, judgeStep(config, step, *measured)});
    if (hooks.stepDone) hooks.stepDone(result.configuration.back());
  }
  if (!performance) return result;
  if (hooks.stopRequested && hooks.stopRequested()) return makeError("", "stopped", ErrorKind::kBusy);
  auto runs = executor.runPerformance(config, config.performanceSeconds);
  if (!runs) return makeError("performance test", runs.error().toString(), runs.error().kind);
  if (runs->size() != config.services.size())
    return makeError("performance test", "the executor measured " + std::to_string(runs->size()) + " of " +
                                             std::to_string(config.services.size()) + " services");
  for (size_t i = 0; i < runs->size(); ++i) {
    const Y1564Service& s = config.services[i];
    Y1564ServicePerformance p{(*runs)[i].total, availability((*runs)[i].perSecond, config.sesLossRatio),
                              judgeStep(config, performanceStep(config, i, lineRateBps), (*runs)[i].total)};
    if (p.availability.ratio() < s.sac.minAvail) {
      char why[120];
      std::snprintf(why, sizeof why, "AVAIL %.4f %% below the required %.4f %% (%u unavailable seconds)",
                    p.availability.ratio() * 100, s.sac.minAvail * 100, p.availability.unavailable);
      p.verdict.failures.push_back(why);
      p.verdict.pass = false;
    }
    result.performance.push_back(std::move(p));
  }
  return result;
}

}  // namespace staccato::bench
