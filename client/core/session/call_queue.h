#pragma once
/// One worker thread that runs jobs (unary gRPC calls) in the order they were posted, so the
/// GUI thread never blocks on the network.
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

#include "client/core/session/cancellation.h"

namespace staccato::client {

class CallQueue {
 public:
  /// A job attaches its ClientContext to the Cancellation so stop() can cancel it.
  using Job = std::function<void(Cancellation&)>;

  CallQueue();
  ~CallQueue();
  CallQueue(const CallQueue&) = delete;
  CallQueue& operator=(const CallQueue&) = delete;

  void post(Job job);
  /// Drops the queued jobs, cancels the running one and joins; later posts are ignored.
  void stop();

 private:
  void run();

  std::mutex mu_;
  std::condition_variable ready_;
  std::deque<Job> jobs_;
  bool stopping_ = false;
  Cancellation cancel_;
  std::thread thread_;
};

}  // namespace staccato::client
