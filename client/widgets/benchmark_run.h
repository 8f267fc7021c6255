#pragma once
/// BenchmarkRun: one benchmark (runBenchmark) on a worker thread, so the GUI never waits for a
/// trial. The runner's hooks come back to the GUI thread as signals, with the result so far
/// (config, calibration, finished frame sizes, every trial) for the live table and charts.
/// Stop asks the runner to end before its next trial; what was measured is kept.
#include <QObject>

#include <atomic>
#include <memory>
#include <thread>

#include "client/core/benchmark/benchmark_result.h"
#include "client/core/benchmark/trial_runner.h"

namespace staccato::client {

class BenchmarkRun : public QObject {
  Q_OBJECT
 public:
  explicit BenchmarkRun(QObject* parent = nullptr);
  /// Asks a running benchmark to stop and waits for its current trial to end.
  ~BenchmarkRun() override;

  /// Starts `config` on `executor` (owned until the run ends). False when one is running.
  bool start(const bench::BenchmarkConfig& config, const bench::Calibration& calibration,
             std::unique_ptr<bench::TrialExecutor> executor, std::string generator = "staccato");
  /// Ends the run before its next trial (the trial in progress finishes).
  void stop();
  bool running() const { return running_; }
  bool stopRequested() const { return stop_->load(); }

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
  /// The run ended (to the end, stopped, or on an error: result().stopped / .error).
  void finished();

 private:
  void join();

  bench::BenchmarkResult result_;
  bench::ProgressEvent current_;
  bool running_ = false;
  /// Shared with the worker, which may still be checking it while this object is destroyed.
  std::shared_ptr<std::atomic<bool>> stop_ = std::make_shared<std::atomic<bool>>(false);
  std::unique_ptr<bench::TrialExecutor> executor_;
  std::thread worker_;
};

}  // namespace staccato::client
