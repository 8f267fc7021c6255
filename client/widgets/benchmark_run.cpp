#include "client/widgets/benchmark_run.h"

#include "client/core/benchmark/benchmark_runner.h"

namespace staccato::client {

BenchmarkRun::BenchmarkRun(QObject* parent) : WorkerRun(parent) {}

bool BenchmarkRun::start(const bench::BenchmarkConfig& config, const bench::Calibration& calibration,
                         std::unique_ptr<bench::TrialExecutor> executor, std::string generator) {
  if (running() || !executor) return false;
  result_ = {};
  result_.generator = generator;
  result_.config = config;
  result_.calibration = calibration;
  current_ = {};
  // The job owns the executor and its own copies; everything it finds is posted to this
  // object's thread, where result_ is kept.
  std::shared_ptr<bench::TrialExecutor> owned = std::move(executor);
  return launch([this, config, calibration, generator, owned](StopRequested stopRequested) {
    bench::RunHooks hooks;
    hooks.progress = [this](const bench::ProgressEvent& e) {
      post([this, e] {
        current_ = e;
        emit progress();
      });
    };
    hooks.stopRequested = stopRequested;
    hooks.trialDone = [this](const bench::TrialResult& t) {
      post([this, t] {
        result_.trials.push_back(t);
        emit trialDone();
      });
    };
    hooks.sizeDone = [this](const bench::SizeResult& s) {
      post([this, s] {
        result_.sizes.push_back(s);
        emit sizeDone();
      });
    };
    bench::BenchmarkResult r = bench::runBenchmark(config, calibration, *owned, hooks, generator);
    post([this, r = std::move(r)]() mutable {
      result_ = std::move(r);
      end();
    });
  });
}

}  // namespace staccato::client
