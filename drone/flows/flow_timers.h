#pragma once
/// Deadlines of one fixed length (a connect timeout, a template's think time): each is later
/// than the one before, so a FIFO holds them in order and expiring is O(1). An entry names its
/// connection slot, the slot's generation and the wait it was armed for; one the connection has
/// moved past is skipped when it comes up (no removal).
#include <cstdint>
#include <deque>

namespace staccato::drone {

struct FlowDeadline {
  uint64_t at = 0;
  uint32_t slot = 0, generation = 0, wait = 0;
};

class FixedDelayTimers {
 public:
  explicit FixedDelayTimers(uint64_t delayNs = 0) : delayNs_(delayNs) {}
  void arm(uint64_t nowNs, uint32_t slot, uint32_t generation, uint32_t wait) {
    queue_.push_back({nowNs + delayNs_, slot, generation, wait});
  }
  /// The earliest deadline, or UINT64_MAX.
  uint64_t next() const { return queue_.empty() ? UINT64_MAX : queue_.front().at; }
  /// Calls f(deadline) for each deadline at or before nowNs, earliest first.
  template <typename F>
  void expire(uint64_t nowNs, F&& f) {
    while (!queue_.empty() && queue_.front().at <= nowNs) {
      const FlowDeadline d = queue_.front();
      queue_.pop_front();
      f(d);
    }
  }
  uint64_t delayNs() const { return delayNs_; }

 private:
  uint64_t delayNs_;
  std::deque<FlowDeadline> queue_;
};

}  // namespace staccato::drone
