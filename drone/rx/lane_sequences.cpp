#include "drone/rx/lane_sequences.h"

namespace staccato::drone {

LaneSequences::~LaneSequences() {
  for (auto& l : lanes_) delete l.load();
}

SequenceTracker::Verdict LaneSequences::onPacket(unsigned lane, uint32_t wireSeq) noexcept {
  lane %= kMaxLanes;
  SequenceTracker* t = lanes_[lane].load(std::memory_order_relaxed);
  if (!t) {  // the first packet of this lane: the only allocation here
    t = new SequenceTracker();
    lanes_[lane].store(t, std::memory_order_release);
    if (lane + 1 > used_.load(std::memory_order_relaxed)) used_.store(lane + 1, std::memory_order_release);
  }
  return t->onPacket(wireSeq);
}

void LaneSequences::clear() noexcept {
  for (unsigned l = 0; l < lanes(); ++l)
    if (SequenceTracker* t = lanes_[l].load(std::memory_order_relaxed)) t->clear();
}

uint64_t LaneSequences::sum(uint64_t (SequenceTracker::*counter)() const noexcept) const noexcept {
  uint64_t total = 0;
  for (unsigned l = 0; l < lanes(); ++l)
    if (const SequenceTracker* t = lanes_[l].load(std::memory_order_acquire)) total += (t->*counter)();
  return total;
}

}  // namespace staccato::drone
