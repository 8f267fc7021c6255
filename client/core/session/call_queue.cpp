#include "client/core/session/call_queue.h"

namespace staccato::client {

CallQueue::CallQueue() : thread_([this] { run(); }) {}

CallQueue::~CallQueue() { stop(); }

void CallQueue::post(Job job) {
  {
    std::lock_guard lock(mu_);
    if (stopping_) return;
    jobs_.push_back(std::move(job));
  }
  ready_.notify_one();
}

void CallQueue::stop() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
    jobs_.clear();
  }
  cancel_.stop();
  ready_.notify_one();
  if (thread_.joinable()) thread_.join();
}

void CallQueue::run() {
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mu_);
      ready_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (stopping_) return;
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    job(cancel_);
  }
}

}  // namespace staccato::client
