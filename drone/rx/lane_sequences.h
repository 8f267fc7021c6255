#pragma once
/// Sequence analysis of one stream over its lanes (see common/packet/signature_layout.h): each
/// transmit queue numbers its packets on its own, so loss, duplicates and reordering are checked
/// per lane and summed; frames of different queues overtaking each other on the wire are not
/// reordering. A stream sent from one queue has one lane. Single writer (the receive thread),
/// which allocates a lane's tracker at its first packet; counters may be read from any thread.
#include <array>
#include <atomic>
#include <cstdint>

#include "common/packet/signature_layout.h"
#include "drone/rx/sequence_tracker.h"

namespace staccato::drone {

class LaneSequences {
 public:
  LaneSequences() = default;
  ~LaneSequences();
  LaneSequences(const LaneSequences&) = delete;
  LaneSequences& operator=(const LaneSequences&) = delete;

  SequenceTracker::Verdict onPacket(unsigned lane, uint32_t wireSeq) noexcept;
  void clear() noexcept;

  uint64_t unique() const noexcept { return sum(&SequenceTracker::unique); }
  uint64_t duplicates() const noexcept { return sum(&SequenceTracker::duplicates); }
  uint64_t reordered() const noexcept { return sum(&SequenceTracker::reordered); }
  uint64_t lost() const noexcept { return sum(&SequenceTracker::lost); }
  /// Lanes seen since the stream's tracker was made (cleared lanes keep their slot).
  unsigned lanes() const noexcept { return used_.load(std::memory_order_acquire); }

 private:
  uint64_t sum(uint64_t (SequenceTracker::*counter)() const noexcept) const noexcept;

  std::array<std::atomic<SequenceTracker*>, kMaxLanes> lanes_{};
  std::atomic<unsigned> used_{0};  ///< highest lane with a tracker, + 1
};

}  // namespace staccato::drone
