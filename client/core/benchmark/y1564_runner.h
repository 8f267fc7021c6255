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

struct Y1564StepResult {
  Y1564Step step;
  Y1564Measurement measured;
  Y1564Verdict verdict;
};

struct Y1564ServicePerformance {
  Y1564Measurement measured;
  std::vector<SecondCounts> perSecond;
  Availability availability;
  Y1564Verdict verdict;  ///< the CIR step's criteria over the whole test, and AVAIL
};

/// A whole Y.1564 run, as its reports show it.
struct Y1564Result {
  std::string generator;   ///< "staccato VERSION"
  Y1564Config config;
  double lineRateBps = 0;  ///< of the sending port
  std::string ports;       ///< where it ran, e.g. "va@drone -> vb@drone"
  int64_t startedNs = 0;   ///< realtime, ns since the Unix epoch
  int64_t endedNs = 0;
  std::vector<Y1564StepResult> configuration;
  std::vector<Y1564ServicePerformance> performance;  ///< per service; empty when the test was not run
  std::string error;       ///< what ended the run before its end ("" = it ran to the end)
  /// Every step of service `i` and its performance passed.
  bool servicePasses(size_t i) const;
  /// Every step and performance passed and the run ended.
  bool pass() const;
  /// Some step was not judged (the tester's limit, or stopped early).
  bool incomplete() const;
  /// The overall verdict: FAIL when the device missed any criterion (even if other steps were not
  /// judged), else INCOMPLETE when a step was not judged or the run ended early, else PASS.
  std::string_view verdictWord() const;
};

struct Y1564Hooks {
  std::function<void(const Y1564StepResult&)> stepDone;
  std::function<bool()> stopRequested;  ///< asked between steps and seconds; true ends the run ("stopped")
  /// The performance test's progress: second `second` (0..) sent and received this, per service.
  std::function<void(uint32_t second, const std::vector<SecondCounts>& perService)> secondDone;
};

class Y1564Executor {
 public:
  virtual ~Y1564Executor() = default;
  /// Sends one configuration step: service `step.service` at step.rateMbps for step.seconds (in
  /// bursts of step.burstBytes at the line rate when set), and measures it.
  virtual Result<Y1564Measurement> runStep(const Y1564Config& config, const Y1564Step& step) = 0;
  /// Sends every service at its CIR together for `seconds`; one run per service, in order. Tells
  /// hooks.secondDone each second; ends early (fewer seconds measured) when hooks.stopRequested.
  virtual Result<std::vector<Y1564ServiceRun>> runPerformance(const Y1564Config& config, double seconds,
                                                              const Y1564Hooks& hooks) = 0;
};

/// Which of Y.1564's two tests a run holds.
enum class Y1564Tests { kBoth, kConfiguration, kPerformance };

/// Runs the configuration test, then the performance test (`tests` may leave either out), on
/// ports of `lineRateBps`. A config that fails its check, an executor's error (named by the step)
/// or a stop ends the run with `error` set, keeping the steps measured until then.
Y1564Result runY1564(const Y1564Config& config, double lineRateBps, Y1564Executor& executor, const Y1564Hooks& hooks = {},
                     Y1564Tests tests = Y1564Tests::kBoth);

}  // namespace staccato::bench
