#include "drone/rx/stream_rx_stats.h"

#include <cmath>

#include "common/core/single_writer.h"

namespace staccato::drone {

void StreamRxStats::onPacket(unsigned lane, uint32_t seq, uint64_t frameBytes, uint64_t txNs, uint64_t rxNs) noexcept {
  if (packets.load(std::memory_order_relaxed) == 0) firstNs.store(rxNs, std::memory_order_relaxed);
  lastNs.store(rxNs, std::memory_order_relaxed);
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

StreamRxCounts StreamRxStats::counts() const {
  StreamRxCounts c;
  c.packets = packets.load(std::memory_order_relaxed);
  c.bytes = bytes.load(std::memory_order_relaxed);
  c.lost = sequence.lost();
  c.duplicates = sequence.duplicates();
  c.reordered = sequence.reordered();
  c.latencySamples = latency.count();
  c.latencyMinNs = latency.min();
  c.latencyMeanNs = latency.mean();
  c.latencyMaxNs = latency.max();
  latency.forEachBucket([&](size_t b, uint64_t n) { c.buckets.emplace_back(static_cast<uint32_t>(b), n); });
  c.jitterNs = jitterNs.load(std::memory_order_relaxed);
  c.firstNs = firstNs.load(std::memory_order_relaxed);
  c.lastNs = lastNs.load(std::memory_order_relaxed);
  return c;
}

}  // namespace staccato::drone
