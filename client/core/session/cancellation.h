#pragma once
/// Lets one thread stop another that is blocked in a gRPC call or a backoff wait: stop()
/// cancels the registered call (ClientContext::TryCancel), wakes sleepFor() and refuses new
/// calls from then on.
#include <grpcpp/grpcpp.h>

#include <chrono>
#include <condition_variable>
#include <mutex>

namespace staccato::client {

class Cancellation {
 public:
  /// Registers the call about to start; false when stop() came first (do not start it).
  bool attach(grpc::ClientContext* ctx) {
    std::lock_guard lock(mu_);
    if (stopped_) return false;
    current_ = ctx;
    return true;
  }
  void detach() {
    std::lock_guard lock(mu_);
    current_ = nullptr;
  }
  void stop() {
    std::lock_guard lock(mu_);
    stopped_ = true;
    if (current_) current_->TryCancel();
    wake_.notify_all();
  }
  bool stopped() const {
    std::lock_guard lock(mu_);
    return stopped_;
  }
  /// Waits `duration`; false when stopped (before or during the wait).
  bool sleepFor(std::chrono::milliseconds duration) {
    std::unique_lock lock(mu_);
    return !wake_.wait_for(lock, duration, [this] { return stopped_; });
  }

 private:
  mutable std::mutex mu_;
  std::condition_variable wake_;
  grpc::ClientContext* current_ = nullptr;
  bool stopped_ = false;
};

}  // namespace staccato::client
