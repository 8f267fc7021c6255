#pragma once
/// Y1564Run: one Y.1564 test (runY1564) on a worker thread (WorkerRun), so the GUI never waits
/// for a step or a second. It opens the executor there, then runs; the runner's hooks come back
/// to the GUI thread as signals, with the result so far and how far it is. Stop ends the run
/// before the next step, or within a second of the performance test; what was measured is kept.
#include <string>

#include "client/models/y1564_progress.h"
#include "client/widgets/worker_run.h"
#include "client/widgets/y1564_executor_factory.h"

namespace staccato::client {

class Y1564Run : public WorkerRun {
  Q_OBJECT
 public:
  explicit Y1564Run(QObject* parent = nullptr);

  /// Runs `tests` of `config` on the executor `open` makes (on the worker thread). The result
  /// names `generator` and `ports` ("tx -> rx"). False when a run is going on.
  bool start(const bench::Y1564Config& config, bench::Y1564Tests tests, Y1564ExecutorFactory::Opener open,
             std::string generator, std::string ports);

  /// The result so far (config, the steps done); the whole result once finished() was emitted.
  const bench::Y1564Result& result() const { return result_; }
  const Y1564Progress& progress() const { return progress_; }
  /// The performance test's seconds so far, each service's in performance[i].perSecond (with the
  /// config): what the live loss chart draws until the run's result has them all.
  const bench::Y1564Result& secondsSoFar() const { return seconds_; }

 signals:
  /// The executor is open: progress().plan holds the steps to run.
  void opened();
  /// A configuration step ended: result().configuration grew.
  void stepDone();
  /// A second of the performance test ended: secondsSoFar() and progress().secondsDone grew.
  void secondDone();

 private:
  bench::Y1564Result result_;
  Y1564Progress progress_;
  bench::Y1564Result seconds_;
};

}  // namespace staccato::client
