#pragma once
/// The transmit side of one port while it sends: one worker per queue, each with its own
/// backend and counters, the barrier that keeps them in step, and the sums stats want.
/// Thread-safe: a stop waits for finished() without the drone's lock while a call under it may
/// release the workers (the worker list has a lock of its own; counters need none).
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "drone/tx/tx_worker.h"

namespace staccato::drone {

class TxSession {
 public:
  /// Starts one worker per backend: worker k gets queue k of backends.size() and cpus[k] (or none).
  TxSession(std::vector<std::unique_ptr<TxBackend>> backends, const TxJob& job, const std::vector<int>& cpus);
  ~TxSession();  ///< stops and joins every worker

  void requestStop() noexcept;
  /// True when every worker is done. A worker that failed stops the others.
  bool finished() noexcept;
  std::string error() const;  ///< the first worker error, or empty
  /// Once finished: hands the workers to `closeLater`, keeping counts and error; destroying them
  /// joins their threads and closes their backends (AF_XDP sockets and packet memory go back to
  /// the port). Closing a socket can take seconds on a busy host: the caller picks the moment.
  /// Returns finished().
  bool releaseIfFinished(std::vector<std::unique_ptr<TxWorker>>& closeLater) noexcept;
  size_t queues() const noexcept { return queues_; }
  uint64_t packets(size_t stream) const noexcept;
  uint64_t bytes(size_t stream) const noexcept;
  /// Realtime of the stream's first and latest batch over all workers since the last clear (0 = none).
  uint64_t firstNs(size_t stream) const noexcept;
  uint64_t lastNs(size_t stream) const noexcept;
  /// How far behind its schedule the stream's sending fell at worst, over all workers (ns).
  uint64_t maxLateNs(size_t stream) const noexcept;
  /// How far behind its schedule the stream's sending was at its latest batch, the most behind worker (ns).
  uint64_t lateNs(size_t stream) const noexcept;
  /// How long the stream waited for room at the port, the longest over its workers (ns).
  uint64_t blockedNs(size_t stream) const noexcept;
  /// How much of its schedule the stream let go (a bounded catch-up), the most over its workers (ns).
  uint64_t skippedNs(size_t stream) const noexcept;
  void clearCounters() noexcept;  ///< only between runs

 private:
  void requestStopLocked() noexcept;
  /// A counter of stream `stream`, the largest over the workers.
  uint64_t maxOverWorkers(size_t stream, std::atomic<uint64_t> StreamTxCounters::*field) const noexcept;

  std::vector<std::vector<StreamTxCounters>> counters_;  ///< [worker][stream]; outlives the workers
  std::unique_ptr<QueueSync> sync_;
  mutable std::mutex workersMu_;  ///< over workers_ and releasedError_
  std::vector<std::unique_ptr<TxWorker>> workers_;
  size_t queues_ = 0;
  std::string releasedError_;  ///< error() once the workers are gone
};

}  // namespace staccato::drone
