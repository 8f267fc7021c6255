#include "drone/tx/queue_sync.h"

#include <chrono>
#include <thread>

#include "common/core/clock.h"

namespace staccato::drone {
namespace {
constexpr uint64_t kAgreeTimeoutNs = 1'000'000'000;  // a worker that never answers: end without it
}  // namespace

QueueSync::QueueSync(uint32_t queues, size_t streams, uint64_t maxSkew)
    : queues_(queues),
      maxSkew_(maxSkew),
      slots_(std::make_unique<Slot[]>(queues)),
      streamEnds_(std::make_unique<std::atomic<uint64_t>[]>(streams)),
      barrier_(queues, Completion{this}) {}

uint64_t QueueSync::arriveAndWait() {
  barrier_.arrive_and_wait();
  return start_.load(std::memory_order_acquire);
}

void QueueSync::leave(uint32_t k) {
  slots_[k].left.store(true, std::memory_order_release);
  barrier_.arrive_and_drop();
}

void QueueSync::Completion::operator()() noexcept {
  // Everyone has arrived: a new run begins from index 0 on every queue.
  for (uint32_t k = 0; k < self->queues_; ++k) {
    self->slots_[k].next.store(0, std::memory_order_relaxed);
    self->slots_[k].stopped.store(false, std::memory_order_relaxed);
  }
  // A little ahead, so every worker is awake and spinning when the first packet is due.
  self->start_.store(monotonicNs() + 200'000, std::memory_order_release);
}

bool QueueSync::tooFarAhead(uint32_t k, uint64_t next) const noexcept {
  for (uint32_t j = 0; j < queues_; ++j) {
    if (j == k || slots_[j].stopped.load(std::memory_order_relaxed) || slots_[j].left.load(std::memory_order_relaxed))
      continue;
    if (next > slots_[j].next.load(std::memory_order_relaxed) + maxSkew_) return true;
  }
  return false;
}

void QueueSync::markStopped(uint32_t k, uint64_t next) noexcept {
  slots_[k].next.store(next, std::memory_order_relaxed);
  slots_[k].stopped.store(true, std::memory_order_release);
}

void QueueSync::noteStreamEnd(size_t i, uint64_t next) noexcept {
  uint64_t seen = streamEnds_[i].load(std::memory_order_relaxed);
  while (seen < next && !streamEnds_[i].compare_exchange_weak(seen, next, std::memory_order_release)) {
  }
}

uint64_t QueueSync::agreedEnd() const noexcept {
  const uint64_t giveUp = monotonicNs() + kAgreeTimeoutNs;
  for (;;) {
    bool all = true;
    uint64_t end = 0;
    for (uint32_t j = 0; j < queues_; ++j) {
      // A worker that already left (it agreed and caught up, or failed) still counts where it stopped;
      // stopped values never change afterwards, so every worker computes the same end.
      if (!slots_[j].stopped.load(std::memory_order_acquire) && !slots_[j].left.load(std::memory_order_acquire)) all = false;
      end = std::max(end, slots_[j].next.load(std::memory_order_relaxed));
    }
    if (all || monotonicNs() > giveUp) return end;
    std::this_thread::yield();
  }
}

}  // namespace staccato::drone
