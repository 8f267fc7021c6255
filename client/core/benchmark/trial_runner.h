#pragma once
/// Runs trials for the tests and searches: builds the request, tells the progress hook, calls
/// the executor, repeats a trial whose receiver missed frames (bounded), applies the
/// tester-limited rule, and keeps every attempt in the benchmark's trial log.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "client/core/benchmark/trial_executor.h"

namespace staccato::bench {

struct SizeResult;

/// What a progress bar shows: the trial about to run.
struct ProgressEvent {
  std::string test;       ///< "throughput", "latency", "loss", "b2b"
  std::string phase;      ///< e.g. "NDR", "90 %", "burst search 2/5"
  std::string frameSize;  ///< its label
  size_t sizeIndex = 0, sizeCount = 0;
  uint32_t trial = 0;     ///< the trial's number in the benchmark (1..)
  uint32_t attempt = 1;   ///< 2.. when repeating a trial (repeatedBecause says why)
  double load = 0;        ///< fraction of line rate
  double pps = 0;         ///< per flow
  double durationSeconds = 0;
  uint64_t burstFrames = 0;
  std::string repeatedBecause;  ///< "the receiver missed frames", or how far the sender fell behind
};

struct RunHooks {
  std::function<void(const ProgressEvent&)> progress;  ///< before each trial (may be empty)
  std::function<bool()> stopRequested;                 ///< checked before each trial (may be empty)
  std::function<void(const TrialResult&)> trialDone;   ///< each trial as logged, judged (live charts; may be empty)
  std::function<void(const SizeResult&)> sizeDone;     ///< each frame size's results, once its tests ended (may be empty)
};

class TrialRunner {
 public:
  TrialRunner(TrialExecutor& executor, const BenchmarkConfig& config, const Calibration& calibration,
              const RunHooks& hooks, std::vector<TrialResult>& log);

  /// The frame size of the trials that follow (its calibration point, progress labels).
  void setFrameSize(const FrameSize& size, size_t index, size_t count);
  const FrameSize& frameSize() const { return size_; }

  /// A continuous trial at `load` (fraction of line rate per flow) for `seconds`.
  Result<TrialResult> continuous(double load, double seconds, std::string_view test, std::string_view phase,
                                 bool latency = false);
  /// A burst of `frames` per flow at `load`, in a trial of `seconds`.
  Result<TrialResult> burst(double load, uint64_t frames, double seconds, std::string_view test, std::string_view phase);

  /// The highest load this generator sends at the current size: min(1, its calibration).
  double testerCeiling() const;
  /// Packets per second per flow at `load` for the current size.
  double ppsAt(double load) const;
  double tolerance() const { return config_.trial.testerTolerance; }
  const BenchmarkConfig& config() const { return config_; }
  /// True once a stop was requested (a trial then fails with "stopped").
  bool stopped() const { return stopped_; }

 private:
  Result<TrialResult> run(TrialRequest request, std::string_view test, std::string_view phase);

  TrialExecutor& executor_;
  const BenchmarkConfig& config_;
  const Calibration& calibration_;
  const RunHooks& hooks_;
  std::vector<TrialResult>& log_;
  FrameSize size_;
  const CalibrationPoint* point_ = nullptr;
  size_t sizeIndex_ = 0, sizeCount_ = 0;
  bool stopped_ = false;
};

}  // namespace staccato::bench
