#include "drone/tx/tx_tap.h"

#include <thread>

namespace staccato::drone {

// Sequentially consistent on both sides: either a worker that entered capture() sees the new
// sink, or set() sees that worker and waits for it to leave.
void TxTap::set(CaptureSink* sink) noexcept {
  sink_.store(sink);
  while (users_.load() != 0) std::this_thread::yield();
}

void TxTap::capture(std::span<const CapturedFrame> frames) noexcept {
  users_.fetch_add(1);
  if (CaptureSink* sink = sink_.load()) sink->onCaptured(frames);
  users_.fetch_sub(1);
}

}  // namespace staccato::drone
