#include "drone/rx/latency_histogram.h"

#include <algorithm>
#include <bit>

namespace staccato::drone {

size_t LatencyHistogram::bucketOf(uint64_t ns) noexcept {
  if (ns < kSub) return static_cast<size_t>(ns);
  const unsigned e = 63u - static_cast<unsigned>(std::countl_zero(ns));  // ns in [2^e, 2^(e+1))
  const uint64_t sub = (ns >> (e - kSubBits)) & (kSub - 1);
  return kSub + (e - kSubBits) * kSub + static_cast<size_t>(sub);
}

uint64_t LatencyHistogram::bucketLow(size_t b) noexcept {
  if (b < kSub) return b;
  const unsigned e = static_cast<unsigned>((b - kSub) / kSub) + kSubBits;
  const uint64_t sub = (b - kSub) % kSub;
  return (uint64_t{1} << e) | (sub << (e - kSubBits));
}

uint64_t LatencyHistogram::bucketHigh(size_t b) noexcept {
  return b + 1 < kBuckets ? bucketLow(b + 1) - 1 : UINT64_MAX;
}

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

uint64_t LatencyHistogram::quantile(double q) const noexcept {
  uint64_t v = 0;
  quantiles(std::span(&q, 1), std::span(&v, 1));
  return v;
}

void LatencyHistogram::quantiles(std::span<const double> qs, std::span<uint64_t> out) const noexcept {
  // Every sample lies between min and max: only their buckets need reading.
  const uint64_t lo = min(), hi = max();
  const size_t first = bucketOf(lo), last = bucketOf(hi);
  uint64_t total = 0;
  for (size_t b = first; b <= last; ++b) total += buckets_[b].load(std::memory_order_relaxed);
  size_t k = 0;
  uint64_t seen = 0;
  for (size_t b = first; b <= last && k < qs.size() && total > 0; ++b) {
    seen += buckets_[b].load(std::memory_order_relaxed);
    while (k < qs.size() && seen >= static_cast<uint64_t>(qs[k] * static_cast<double>(total - 1)) + 1) {
      const uint64_t mid = bucketLow(b) + (bucketHigh(b) - bucketLow(b)) / 2;
      out[k++] = std::min(std::max(mid, lo), hi);  // never outside what was actually measured
    }
  }
  for (; k < qs.size(); ++k) out[k] = total ? hi : 0;
}

}  // namespace staccato::drone
