#include "client/widgets/benchmark_run.h"

#include "client/core/benchmark/benchmark_runner.h"

namespace staccato::client {

BenchmarkRun::BenchmarkRun(QObject* parent) : QObject(parent) {}

BenchmarkRun::~BenchmarkRun() {
  stop();
  join();
}

void BenchmarkRun::join() {
  if (worker_.joinable()) worker_.join();
  executor_.reset();
}

bool BenchmarkRun::start(const bench::BenchmarkConfig& config, const bench::Calibration& calibration,
                         std::unique_ptr<bench::TrialExecutor> executor, std::string generator) {
  if (running_ || !executor) return false;
  join();  // the last run's thread has ended (finished() was delivered) but may need joining
  result_ = {};
  result_.generator = generator;
  result_.config = config;
  result_.calibration = calibration;
  current_ = {};
  running_ = true;
  stop_ = std::make_shared<std::atomic<bool>>(false);
  executor_ = std::move(executor);
  // The worker reads only its own copies and the executor; everything it finds is posted to
  // this object's thread, where result_ is kept.
  worker_ = std::thread([this, config, calibration, generator = std::move(generator), stop = stop_,
                         executor = executor_.get()] {
    bench::RunHooks hooks;
    hooks.progress = [this](const bench::ProgressEvent& e) {
      QMetaObject::invokeMethod(this, [this, e] {
        current_ = e;
        emit progress();
      }, Qt::QueuedConnection);
    };
    hooks.stopRequested = [stop] { return stop->load(); };
    hooks.trialDone = [this](const bench::TrialResult& t) {
      QMetaObject::invokeMethod(this, [this, t] {
        result_.trials.push_back(t);
        emit trialDone();
      }, Qt::QueuedConnection);
    };
    hooks.sizeDone = [this](const bench::SizeResult& s) {
      QMetaObject::invokeMethod(this, [this, s] {
        result_.sizes.push_back(s);
        emit sizeDone();
      }, Qt::QueuedConnection);
    };
    bench::BenchmarkResult r = bench::runBenchmark(config, calibration, *executor, hooks, generator);
    QMetaObject::invokeMethod(this, [this, r = std::move(r)]() mutable {
      result_ = std::move(r);
      running_ = false;
      join();
      emit finished();
    }, Qt::QueuedConnection);
  });
  return true;
}

void BenchmarkRun::stop() { stop_->store(true); }

}  // namespace staccato::client
