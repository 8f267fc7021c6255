#pragma once
/// Closes finished transmit workers on a thread of its own. Closing a packet or AF_XDP socket
/// waits for the kernel (an RCU grace period: seconds on a busy host); done inside a call it
/// stalled that call and, under the ports' lock, every other client.
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "drone/tx/tx_worker.h"

namespace staccato::drone {

class WorkerCloser {
 public:
  WorkerCloser();
  ~WorkerCloser();  ///< closes what is left
  WorkerCloser(const WorkerCloser&) = delete;
  WorkerCloser& operator=(const WorkerCloser&) = delete;

  /// Takes the workers (finished ones: their threads have returned) to close them soon.
  void close(std::vector<std::unique_ptr<TxWorker>> workers);
  /// Returns when everything handed over is closed: before new sockets bind the same queues.
  void drain();

 private:
  void run(std::stop_token stop);

  std::mutex mu_;
  std::condition_variable_any changed_;
  std::vector<std::unique_ptr<TxWorker>> queue_;
  bool closing_ = false;  ///< the thread is closing a batch taken from queue_
  std::jthread thread_;
};

}  // namespace staccato::drone
