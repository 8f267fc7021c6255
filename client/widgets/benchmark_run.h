#pragma once
/// BenchmarkRun: one benchmark (runBenchmark) on a worker thread (WorkerRun), so the GUI never
/// waits for a trial. The runner's hooks come back to the GUI thread as signals, with the result
/// so far (config, calibration, finished frame sizes, every trial) for the live table and charts.
/// Stop asks the runner to end before its next trial; what was measured is kept.
#include <memory>

#include "client/core/benchmark/benchmark_result.h"
#include "client/core/benchmark/trial_runner.h"
#include "client/widgets/worker_run.h"

namespace staccato::client {

class BenchmarkRun : public WorkerRun {
  Q_OBJECT
 public:
  explicit BenchmarkRun(QObject* parent = nullptr);

  /// Starts `config` on `executor` (owned until the run ends). False when one is running.
  bool start(const bench::BenchmarkConfig& config, const bench::Calibration& calibration,
             std::unique_ptr<bench::TrialExecutor> executor, std::string generator = "staccato");

  /// The result so far; the whole result once finished() was emitted.
  const bench::BenchmarkResult& result() const { return result_; }
  /// The trial running now (valid once progress() was emitted).
  const bench::ProgressEvent& current() const { return current_; }

 signals:
  /// A trial is about to run: current() says which.
  void progress();
  /// A trial ended: result().trials grew.
  void trialDone();
  /// A frame size's tests ended: result().sizes grew.
  void sizeDone();

 private:
  bench::BenchmarkResult result_;
  bench::ProgressEvent current_;
};

}  // namespace staccato::client
