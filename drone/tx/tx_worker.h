#pragma once
/// One transmit worker per port: runs the port's compiled streams through its TxBackend,
/// sequentially (with after-stream actions) or interleaved, paced by absolute deadlines.
#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "common/stream/tx_plan.h"
#include "drone/tx/stream_counters.h"
#include "drone/tx/tx_backend.h"

namespace staccato::drone {

struct TxJob {
  std::vector<TxPlan> plans;  ///< enabled streams in order
  bool interleaved = false;
  double lineRateBps = 10e9;
  int cpu = -1;               ///< pin the worker here; -1 = no pinning
};

class TxWorker {
 public:
  /// Starts sending at once. `counters` has one entry per plan and outlives the worker.
  TxWorker(std::unique_ptr<TxBackend> backend, TxJob job, std::vector<StreamTxCounters>& counters);
  ~TxWorker();  ///< stops and joins

  void requestStop() noexcept { thread_.request_stop(); }
  bool finished() const noexcept { return finished_.load(); }
  std::string error() const;  ///< non-empty when sending failed

 private:
  void run(std::stop_token st);
  void runSequential(std::stop_token st);
  void runInterleaved(std::stop_token st);
  /// Sends up to `max` packets of stream i that are due; returns how many were sent.
  size_t sendBatch(size_t i, PatchState& state, size_t max);
  void fail(const std::string& message);

  std::unique_ptr<TxBackend> backend_;
  TxJob job_;
  std::vector<StreamTxCounters>& counters_;
  std::atomic<bool> finished_{false};
  std::atomic<bool> failed_{false};
  std::string error_;
  std::jthread thread_;
};

}  // namespace staccato::drone
