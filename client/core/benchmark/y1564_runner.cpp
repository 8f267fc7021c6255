#include "client/core/benchmark/y1564_runner.h"

#include <algorithm>
#include <cstdio>

#include "common/core/clock.h"

namespace staccato::bench {

bool Y1564Result::servicePasses(size_t i) const {
  for (const Y1564StepResult& s : configuration)
    if (s.step.service == i && !s.verdict.pass) return false;
  return i >= performance.size() || performance[i].verdict.pass;
}

bool Y1564Result::pass() const {
  return error.empty() && std::all_of(configuration.begin(), configuration.end(), [](const auto& s) { return s.verdict.pass; }) &&
         std::all_of(performance.begin(), performance.end(), [](const auto& p) { return p.verdict.pass; });
}

bool Y1564Result::incomplete() const {
  return std::any_of(configuration.begin(), configuration.end(), [](const auto& s) { return s.verdict.incomplete; }) ||
         std::any_of(performance.begin(), performance.end(), [](const auto& p) { return p.verdict.incomplete; });
}

std::string_view Y1564Result::verdictWord() const {
  auto deviceFailed = [](const Y1564Verdict& v) { return !v.pass && !v.incomplete; };
  const bool failed = std::any_of(configuration.begin(), configuration.end(), [&](const auto& s) { return deviceFailed(s.verdict); }) ||
                      std::any_of(performance.begin(), performance.end(), [&](const auto& p) { return deviceFailed(p.verdict); });
  if (failed) return "FAIL";
  return incomplete() || !error.empty() ? "INCOMPLETE" : "PASS";
}

namespace {

/// The configuration test; false when it ended early (result.error says why).
bool configure(Y1564Result& result, double lineRateBps, Y1564Executor& executor, const Y1564Hooks& hooks) {
  const Y1564Config& config = result.config;
  for (const Y1564Step& step : configurationSteps(config, lineRateBps)) {
    if (hooks.stopRequested && hooks.stopRequested()) {
      result.error = "stopped";
      return false;
    }
    auto measured = executor.runStep(config, step);
    if (!measured) {
      result.error = config.services[step.service].name + " (" + step.label + "): " + measured.error().toString();
      return false;
    }
    result.configuration.push_back({step, *measured, judgeStep(config, step, *measured)});
    if (hooks.stepDone) hooks.stepDone(result.configuration.back());
  }
  return true;
}

/// The performance test.
void perform(Y1564Result& result, double lineRateBps, Y1564Executor& executor, const Y1564Hooks& hooks) {
  const Y1564Config& config = result.config;
  if (hooks.stopRequested && hooks.stopRequested()) {
    result.error = "stopped";
    return;
  }
  auto runs = executor.runPerformance(config, config.performanceSeconds, hooks);
  if (!runs) {
    result.error = "performance test: " + runs.error().toString();
    return;
  }
  if (runs->size() != config.services.size()) {
    result.error = "performance test: the executor measured " + std::to_string(runs->size()) + " of " +
                   std::to_string(config.services.size()) + " services";
    return;
  }
  for (size_t i = 0; i < runs->size(); ++i) {
    const Y1564Service& s = config.services[i];
    Y1564ServicePerformance p{(*runs)[i].total, (*runs)[i].perSecond, availability((*runs)[i].perSecond, config.sesLossRatio),
                              judgeStep(config, performanceStep(config, i, lineRateBps), (*runs)[i].total)};
    const auto measuredSeconds = uint32_t((*runs)[i].perSecond.size());
    if (measuredSeconds + 1 < uint32_t(config.performanceSeconds)) {
      // Stopped early: what ran is reported, but it is not the test the config asked for.
      p.verdict.failures.insert(p.verdict.failures.begin(), "not judged: stopped after " + std::to_string(measuredSeconds) + " of " +
                                                                std::to_string(uint32_t(config.performanceSeconds)) + " s");
      p.verdict.incomplete = true;
      p.verdict.pass = false;
    }
    if (p.availability.ratio() < s.sac.minAvail) {
      char why[120];
      std::snprintf(why, sizeof why, "AVAIL %.4f %% below the required %.4f %% (%u unavailable seconds)",
                    p.availability.ratio() * 100, s.sac.minAvail * 100, p.availability.unavailable);
      p.verdict.failures.push_back(why);
      p.verdict.pass = false;
    }
    result.performance.push_back(std::move(p));
  }
}

}  // namespace

Y1564Result runY1564(const Y1564Config& config, double lineRateBps, Y1564Executor& executor, const Y1564Hooks& hooks,
                     Y1564Tests tests) {
  Y1564Result result;
  result.config = config;
  result.lineRateBps = lineRateBps;
  result.startedNs = int64_t(realtimeNs());
  if (auto s = config.check(); !s)
    result.error = s.error().toString();
  else if ((tests == Y1564Tests::kPerformance || configure(result, lineRateBps, executor, hooks)) &&
           tests != Y1564Tests::kConfiguration)
    perform(result, lineRateBps, executor, hooks);
  result.endedNs = int64_t(realtimeNs());
  return result;
}

}  // namespace staccato::bench
