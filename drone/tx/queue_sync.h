#pragma once
/// Keeps a port's queue workers in step. Within a stream run, worker k sends the run's packets
/// k, k+Q, k+2Q...; each publishes its progress as the run index of its next packet:
/// - every run starts on all queues at one instant (so their packets leave in sequence order),
///   and none starts a stream before all have finished the previous one (a barrier);
/// - a worker more than kMaxSkew packets ahead of the slowest running one waits, so queues that
///   get less CPU do not fall far behind (receivers would see reordering and gaps);
/// - on stop the workers agree where to end: each sends every packet below the highest index
///   any of them reached, so the packets sent are exactly 0..N-1 (no holes that look like loss).
///   Interleaved mode runs every stream at once: the workers agree an end per stream.
/// Lock-free in the send path: one relaxed store per batch, a read of the others' slots.
#include <atomic>
#include <barrier>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace staccato::drone {

class QueueSync {
 public:
  static constexpr uint64_t kMaxSkew = 2048;

  /// `maxSkew`: how far ahead of the slowest a worker may get (at least a batch of every queue:
  /// workers that send in big batches, such as the in-kernel engine's, pass more).
  QueueSync(uint32_t queues, size_t streams, uint64_t maxSkew = kMaxSkew);
  /// Waits for the other queues; returns the shared monotonic start time of what comes next.
  uint64_t arriveAndWait();
  /// This worker is done: the others stop waiting for it.
  void leave(uint32_t k);

  void publish(uint32_t k, uint64_t next) noexcept { slots_[k].next.store(next, std::memory_order_relaxed); }
  /// Whether worker k (next index `next`) is too far ahead of the slowest running worker.
  bool tooFarAhead(uint32_t k, uint64_t next) const noexcept;
  /// Worker k stops sending in this run (stop requested, or its share is done) at `next`.
  void markStopped(uint32_t k, uint64_t next) noexcept;
  /// After markStopped: waits (briefly) until every worker has stopped and returns the index
  /// all must reach: the highest next index of any.
  uint64_t agreedEnd() const noexcept;
  /// Interleaved mode, before markStopped: worker k's next index in stream i's run (the
  /// stream's agreed end is the highest any worker notes).
  void noteStreamEnd(size_t i, uint64_t next) noexcept;
  /// After agreedEnd: the index every worker must reach in stream i.
  uint64_t streamEnd(size_t i) const noexcept { return streamEnds_[i].load(std::memory_order_acquire); }

 private:
  struct alignas(64) Slot {
    std::atomic<uint64_t> next{0};
    std::atomic<bool> stopped{false};
    std::atomic<bool> left{false};
  };
  struct Completion {
    QueueSync* self;
    void operator()() noexcept;
  };
  uint32_t queues_;
  uint64_t maxSkew_;
  std::unique_ptr<Slot[]> slots_;
  std::unique_ptr<std::atomic<uint64_t>[]> streamEnds_;
  std::atomic<uint64_t> start_{0};
  std::barrier<Completion> barrier_;
};

}  // namespace staccato::drone
