#pragma once
/// Runs ITU-T Y.1564 through an executor (the drones, or a simulated device in tests): the
/// service configuration test, step after step for each service, then the service performance
/// test, every service at its CIR together, with availability from its per-second loss. Every
/// step and service gets a verdict naming what it missed.
#include <functional>
#include <string>
#include <vector>

#include "client/core/benchmark/availability.h"
#include "client/core/benchmark/y1564_verdict.h"

namespace staccato::bench {

/// One service's part of the performance test: its totals and what each second sent and received.
struct Y1564ServiceRun {
  Y1564Measurement total;
  std::vector<SecondCounts> perSecond;
};

class Y1564Executor {
 public:
  virtual ~Y1564Executor() = default;
  /// Sends one configuration step: service `step.service` at step.rateMbps for step.seconds (in
  /// bursts of step.burstBytes at the line rate when set), and measures it.
  virtual Result<Y1564Measurement> runStep(const Y1564Config& config, const Y1564Step& step) = 0;
  /// Sends every service at its CIR together for `seconds`; one run per service, in order.
  virtual Result<std::vector<Y1564ServiceRun>> runPerformance(const Y1564Config& config, double seconds) = 0;
};

struct Y1564StepResult {
  Y1564Step step;
  Y1564Measurement measured;
  Y1564Verdict verdict;
};

struct Y1564ServicePerformance {
  Y1564Measurement measured;
  Availability availability;
  Y1564Verdict verdict;  ///< the CIR step's criteria over the whole test, and AVAIL
};

struct Y1564Result {
  std::vector<Y1564StepResult> configuration;
  std::vector<Y1564ServicePerformance> performance;  ///< per service; empty when the test was not run
  /// Every step of service `i` and its performance passed.
  bool servicePasses(size_t i) const;
  bool pass() const;
};

struct Y1564Hooks {
  std::function<void(const Y1564StepResult&)> stepDone;
  std::function<bool()> stopRequested;  ///< asked between steps; true ends the run ("stopped")
};

/// Runs the configuration test and, when `performance`, the performance test, on ports of
/// `lineRateBps`. An executor's error ends the run with it, named by the step.
Result<Y1564Result> runY1564(const Y1564Config& config, double lineRateBps, Y1564Executor& executor,
                             const Y1564Hooks& hooks = {}, bool performance = true);

}  // namespace staccato::bench
