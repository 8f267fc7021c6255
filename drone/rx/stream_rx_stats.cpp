#include "drone/rx/stream_rx_stats.h"

#include <cmath>

#include "common/core/single_writer.h"

namespace staccato::drone {

void StreamRxStats::onPacket(unsigned lane, uint32_t seq, uint64_t frameBytes, uint64_t txNs, uint64_t rxNs) noexcept {
  addSingleWriter(packets);
  addSingleWriter(bytes, frameBytes);
  if (sequence.onPacket(lane, seq) == SequenceTracker::Verdict::kDuplicate) return;
  const int64_t transit = static_cast<int64_t>(rxNs - txNs);
  latency.record(transit > 0 ? static_cast<uint64_t>(transit) : 0);
  if (haveTransit_) {  // RFC 3550 section 6.4.1: J += (|D| - J) / 16
    const double d = std::fabs(static_cast<double>(transit - lastTransit_));
    jitter_ += (d - jitter_) / 16.0;
    jitterNs.store(static_cast<uint64_t>(jitter_), std::memory_order_relaxed);
  }
  haveTransit_ = true;
  lastTransit_ = transit;
}

}  // namespace staccato::drone
