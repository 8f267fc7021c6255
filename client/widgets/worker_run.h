#pragma once
/// WorkerRun: what a page runs off the GUI thread (a benchmark, a Y.1564 test), so the GUI never
/// waits for a trial or a step. The job runs on a thread of its own and polls a stop flag; what
/// it finds comes back to this object's thread through post(), and its last post calls end().
/// The job owns what it works with (its executor), so nothing it uses dies with this object.
#include <QObject>

#include <atomic>
#include <functional>
#include <memory>
#include <thread>

namespace staccato::client {

class WorkerRun : public QObject {
  Q_OBJECT
 public:
  /// Asks a running job to stop and waits for it to end.
  ~WorkerRun() override;

  /// Asks the job to end early (it finishes its current trial or step); what it measured is kept.
  void stop();
  bool running() const { return running_; }
  bool stopRequested() const { return stop_->load(); }

 signals:
  /// The job ended (to the end, stopped, or on an error).
  void finished();

 protected:
  explicit WorkerRun(QObject* parent) : QObject(parent) {}

  /// True while the job should go on; safe to call from the worker after this object is gone.
  using StopRequested = std::function<bool()>;
  /// Runs `job` on a new thread with a fresh stop flag. False when a job runs already.
  bool launch(std::function<void(StopRequested)> job);
  /// Runs `f` later on this object's thread (from the worker: what the job finds).
  template <typename F>
  void post(F&& f) {
    QMetaObject::invokeMethod(this, std::forward<F>(f), Qt::QueuedConnection);
  }
  /// The job's last post calls this: not running any more, the thread joined, finished() emitted.
  void end();

 private:
  void join();

  bool running_ = false;
  /// Shared with the worker, which may still be checking it while this object is destroyed.
  std::shared_ptr<std::atomic<bool>> stop_ = std::make_shared<std::atomic<bool>>(false);
  std::thread worker_;
};

}  // namespace staccato::client
