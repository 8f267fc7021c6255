#include "drone/rx/latency_histogram.h"

#include <new>

namespace staccato::drone {

LatencyHistogram::~LatencyHistogram() {
  for (auto& c : chunks_) delete[] c.load();
}

void LatencyHistogram::record(uint64_t ns) noexcept {
  const size_t b = bucketOf(ns);
  Bucket* chunk = chunks_[b / kChunkBuckets].load(std::memory_order_relaxed);
  if (!chunk) {  // the first sample in this power of two
    chunk = new (std::nothrow) Bucket[kChunkBuckets]();
    if (!chunk) return;  // out of memory: the sample is lost, not the drone
    chunks_[b / kChunkBuckets].store(chunk, std::memory_order_release);
  }
  addSingleWriter(chunk[b % kChunkBuckets], 1);
  addSingleWriter(count_, 1);
  addSingleWriter(sum_, ns);
  if (ns < min_.load(std::memory_order_relaxed)) min_.store(ns, std::memory_order_relaxed);
  if (ns > max_.load(std::memory_order_relaxed)) max_.store(ns, std::memory_order_relaxed);
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
