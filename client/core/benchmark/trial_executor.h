#pragma once
/// The seam between the benchmark's searches and the tester: an executor runs one trial and
/// reports what it measured. The lead's drone executor (over DroneConnection) learns, starts
/// every flow at T0, waits, stops, waits for frames in flight and reads the counters once; the
/// tests' SimulatedDevice models a device instead.
#include <cstdint>
#include <string_view>

#include "client/core/benchmark/benchmark_config.h"
#include "client/core/benchmark/trial.h"
#include "common/core/result.h"

namespace staccato::bench {

class TrialExecutor {
 public:
  virtual ~TrialExecutor() = default;

  /// Before the first trial of a frame size: load its streams on every port pair (both
  /// directions when bidirectional), with signatures; later trials only change the rate.
  virtual Status prepare(const FrameSize& size, const BenchmarkConfig& config) = 0;

  /// Runs one trial as asked: learning frames first when `request.learning`, then `request.pps`
  /// per flow (a burst of `request.burstFrames` per flow for kBurst) on every flow at once;
  /// stop, wait for frames in flight, read counters once (never mid-trial). Fills the
  /// executor's part of TrialResult: counts over all flows, merged latency when asked, the real
  /// sending time and timestamps, receiverMissed when any receiving port's engine missed
  /// frames. An error (drone unreachable, ports lost) ends the benchmark.
  virtual Result<TrialResult> run(const TrialRequest& request) = 0;

  /// The next run() is trial `number` of the result (a repeat has a number of its own) of `test`
  /// ("throughput", ...): an executor may show it where the trial runs (the drones' stats).
  virtual void nextTrial(uint32_t number, std::string_view test) {
    (void)number;
    (void)test;
  }
};

}  // namespace staccato::bench
