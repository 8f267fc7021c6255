#pragma once
/// Loss, duplicates and reordering from per-stream sequence numbers (32-bit on the wire,
/// unwrapped to 64 bits). A 1024-packet window tells a late packet from a duplicate.
/// Single writer (the receive thread); counters may be read from any thread.
#include <atomic>
#include <bitset>
#include <cstdint>

#include "common/core/single_writer.h"
namespace staccato::drone {

class SequenceTracker {
 public:
  static constexpr uint64_t kWindow = 1024;

  enum class Verdict { kInOrder, kGap, kLate, kDuplicate };
  Verdict onPacket(uint32_t wireSeq) noexcept;
  void clear() noexcept;

  uint64_t unique() const noexcept { return unique_.load(std::memory_order_relaxed); }
  uint64_t duplicates() const noexcept { return duplicates_.load(std::memory_order_relaxed); }
  uint64_t reordered() const noexcept { return reordered_.load(std::memory_order_relaxed); }
  /// Sequence numbers from 0 to the highest seen that never arrived (so far).
  uint64_t lost() const noexcept {
    const uint64_t expected = expected_.load(std::memory_order_relaxed), got = unique();
    return expected > got ? expected - got : 0;
  }

 private:
  bool seen(uint64_t seq) const noexcept { return window_[seq % kWindow]; }
  bool started_ = false;
  uint64_t highest_ = 0;
  std::atomic<uint64_t> expected_{0};  ///< highest + 1
  std::atomic<uint64_t> unique_{0}, duplicates_{0}, reordered_{0};
  std::bitset<kWindow> window_;
};

}  // namespace staccato::drone
