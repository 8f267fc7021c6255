#include "drone/rx/latency_histogram.h"

namespace staccato::drone {

void LatencyHistogram::record(uint64_t ns) noexcept {
  addSingleWriter(buckets_[bucketOf(ns)], 1);
  addSingleWriter(count_, 1);
  addSingleWriter(sum_, ns);
  if (ns < min_.load(std::memory_order_relaxed)) min_.store(ns, std::memory_order_relaxed);
  if (ns > max_.load(std::memory_order_relaxed)) max_.store(ns, std::memory_order_relaxed);
}

void LatencyHistogram::clear() noexcept {
  for (auto& b : buckets_) b.store(0, std::memory_order_relaxed);
  count_.store(0, std::memory_order_relaxed);
  sum_.store(0, std::memory_order_relaxed);
  min_.store(UINT64_MAX, std::memory_order_relaxed);
  max_.store(0, std::memory_order_relaxed);
}

uint64_t LatencyHistogram::min() const noexcept {
  const uint64_t m = min_.load(std::memory_order_relaxed);
  return m == UINT64_MAX ? 0 : m;
}

uint64_t LatencyHistogram::mean() const noexcept {
  const uint64_t n = count();
  return n ? sum_.load(std::memory_order_relaxed) / n : 0;
}

}  // namespace staccato::drone
