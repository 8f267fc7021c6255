#include "client/core/benchmark/latency_test.h"

#include "client/core/benchmark/trial_verdict.h"

namespace staccato::bench {

Result<LatencyResult> latencyTest(TrialRunner& runner, const LatencySettings& settings, const PassCriteria& criteria,
                                  double baseLoad, std::string basis) {
  LatencyResult result{baseLoad, std::move(basis), {}};
  for (double fraction : settings.loadFractions) {
    LatencyPoint p;
    p.fraction = fraction;
    p.load = fraction * baseLoad;
    for (unsigned i = 0; i < settings.trials; ++i) {
      const std::string phase = percentText(fraction) + " of " + result.basis + ", trial " + std::to_string(i + 1) + "/" +
                                std::to_string(settings.trials);
      auto r = runner.continuous(p.load, settings.trialSeconds, "latency", phase, true);
      if (!r) return r.error();
      if (!r->counted) {
        p.testerLimited = true;
        p.failure = "tester-limited: " + r->testerLimitReason;
        continue;
      }
      if (auto s = p.latency.merge(r->latency); !s) return s.error().withPrefix("trial " + std::to_string(r->number));
      p.reordered += r->reordered;
      p.duplicated += r->duplicated;
      ++p.trials;
    }
    if (p.trials > 0) {
      TrialResult merged;
      merged.latency = p.latency;
      merged.reordered = p.reordered;
      merged.duplicated = p.duplicated;
      if (std::string f = criteriaFailure(merged, criteria); !f.empty()) p.failure = f;
      else if (p.latency.samples == 0) p.failure = "no latency measured (no frames received)";
    }
    result.points.push_back(std::move(p));
  }
  return result;
}

}  // namespace staccato::bench
