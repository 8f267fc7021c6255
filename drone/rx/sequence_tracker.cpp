#include "drone/rx/sequence_tracker.h"

namespace staccato::drone {

void SequenceTracker::clear() noexcept {
  started_ = false;
  highest_ = 0;
  window_.reset();
  for (auto* a : {&expected_, &unique_, &duplicates_, &reordered_}) a->store(0, std::memory_order_relaxed);
}

SequenceTracker::Verdict SequenceTracker::onPacket(uint32_t wireSeq) noexcept {
  // Unwrap relative to the highest sequence seen so far.
  const uint64_t seq = started_ ? highest_ + static_cast<int64_t>(static_cast<int32_t>(wireSeq - static_cast<uint32_t>(highest_)))
                                : wireSeq;
  if (!started_ || seq > highest_) {
    const uint64_t from = started_ ? highest_ + 1 : 0;
    // Slots between the old and new highest become "not seen" (they may arrive late).
    for (uint64_t s = from; s < seq && s < from + kWindow; ++s) window_[s % kWindow] = false;
    const bool gap = seq != from;
    started_ = true;
    highest_ = seq;
    expected_.store(seq + 1, std::memory_order_relaxed);
    window_[seq % kWindow] = true;
    addSingleWriter(unique_);
    return gap ? Verdict::kGap : Verdict::kInOrder;
  }
  if (highest_ - seq < kWindow) {
    if (seen(seq)) {
      addSingleWriter(duplicates_);
      return Verdict::kDuplicate;
    }
    window_[seq % kWindow] = true;
  }
  addSingleWriter(unique_);  // older than the window: counted as late, as most likely
  addSingleWriter(reordered_);
  return Verdict::kLate;
}

}  // namespace staccato::drone
