#include "client/widgets/worker_run.h"

namespace staccato::client {

WorkerRun::~WorkerRun() {
  stop();
  join();
}

void WorkerRun::join() {
  if (worker_.joinable()) worker_.join();
}

bool WorkerRun::launch(std::function<void(StopRequested)> job) {
  if (running_) return false;
  join();  // the last job's thread has ended (finished() was delivered) but may need joining
  running_ = true;
  stop_ = std::make_shared<std::atomic<bool>>(false);
  worker_ = std::thread([job = std::move(job), stop = stop_] { job([stop] { return stop->load(); }); });
  return true;
}

void WorkerRun::end() {
  running_ = false;
  join();
  emit finished();
}

void WorkerRun::stop() { stop_->store(true); }

}  // namespace staccato::client
