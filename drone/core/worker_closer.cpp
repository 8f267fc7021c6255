#include "drone/core/worker_closer.h"

namespace staccato::drone {

WorkerCloser::WorkerCloser() : thread_([this](std::stop_token stop) { run(stop); }) {}

WorkerCloser::~WorkerCloser() {
  thread_.request_stop();
  changed_.notify_all();
  thread_.join();
  queue_.clear();
}

void WorkerCloser::close(std::vector<std::unique_ptr<TxWorker>> workers) {
  if (workers.empty()) return;
  std::lock_guard lock(mu_);
  for (auto& w : workers) queue_.push_back(std::move(w));
  changed_.notify_all();
}

void WorkerCloser::drain() {
  std::unique_lock lock(mu_);
  changed_.wait(lock, [&] { return queue_.empty() && !closing_; });
}

void WorkerCloser::run(std::stop_token stop) {
  std::unique_lock lock(mu_);
  while (changed_.wait(lock, stop, [&] { return !queue_.empty(); })) {
    std::vector<std::unique_ptr<TxWorker>> batch = std::move(queue_);
    queue_.clear();
    closing_ = true;
    lock.unlock();
    batch.clear();
    lock.lock();
    closing_ = false;
    changed_.notify_all();
  }
}

}  // namespace staccato::drone
