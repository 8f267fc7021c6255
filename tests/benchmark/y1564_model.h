#pragma once
/// A modelled device for the Y.1564 runner's tests: a policer (the rate it lets through per
/// service, a fixed delay) and, in the performance test, a stretch of seconds that lose
/// everything; and the tester's own shortfalls (a fraction offered, a note, a failing step).
#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "client/core/benchmark/y1564_runner.h"

namespace staccato::bench::testing {

class PolicerModel : public Y1564Executor {
 public:
  explicit PolicerModel(std::function<double(const Y1564Service&)> policeMbps) : policeMbps_(std::move(policeMbps)) {}

  Result<Y1564Measurement> runStep(const Y1564Config& c, const Y1564Step& step) override {
    if (failAt && steps.size() == *failAt) return makeError("port", "the drone went away");
    steps.push_back(step);
    const Y1564Service& s = c.services[step.service];
    const double bits = s.frameSize.averageBytes() * 8;
    const auto sent = uint64_t(offered * step.rateMbps * 1e6 * step.seconds / bits);
    const auto passes = uint64_t(policeMbps_(s) * 1e6 * step.seconds / bits);
    return Y1564Measurement{sent, std::min(sent, passes), step.seconds, true, 2.0, 0.3, testerNote};
  }

  Result<std::vector<Y1564ServiceRun>> runPerformance(const Y1564Config& c, double seconds, const Y1564Hooks& hooks) override {
    std::vector<Y1564ServiceRun> out;
    for (uint32_t t = 0; hooks.secondDone && t < uint32_t(seconds); ++t) hooks.secondDone(t, {});
    if (hooks.stopRequested && hooks.stopRequested()) seconds = stopAfter;
    for (const Y1564Service& s : c.services) {
      const double bits = s.frameSize.averageBytes() * 8;
      const auto sent = uint64_t(s.cirMbps * 1e6 / bits);
      const auto passes = std::min(sent, uint64_t(policeMbps_(s) * 1e6 / bits));
      Y1564ServiceRun run;
      run.total = {0, 0, seconds, true, 2.0, 0.3};
      for (uint32_t t = 0; t < uint32_t(seconds); ++t) {
        const SecondCounts second{sent, t >= lossFrom && t < lossTo ? 0 : passes};
        run.perSecond.push_back(second);
        run.total.sent += second.sent;
        run.total.received += second.received;
      }
      out.push_back(std::move(run));
    }
    return out;
  }

  std::vector<Y1564Step> steps;
  uint32_t lossFrom = 0, lossTo = 0;  ///< performance seconds that lose every frame
  std::optional<size_t> failAt;       ///< the step whose sending fails
  double offered = 1;                 ///< the fraction of each step's rate the tester sends
  std::string testerNote;             ///< the tester's own reason its counts cannot be judged
  double stopAfter = 0;               ///< seconds the performance test ran when stopped

 private:
  std::function<double(const Y1564Service&)> policeMbps_;
};

}  // namespace staccato::bench::testing
