#pragma once
/// Log-linear latency histogram: exact below 64 ns, then 64 buckets per power of two (at most
/// 1.6% relative error), so percentiles come from every packet, not from samples.
/// Single writer (the receive thread), any number of readers; no locks.
#include <array>
#include <atomic>
#include <cstdint>
#include <span>

#include "common/core/single_writer.h"
namespace staccato::drone {

class LatencyHistogram {
 public:
  static constexpr unsigned kSubBits = 6;
  static constexpr unsigned kSub = 1u << kSubBits;
  static constexpr size_t kBuckets = kSub + (64 - kSubBits) * kSub;

  void record(uint64_t ns) noexcept;
  void clear() noexcept;

  uint64_t count() const noexcept { return count_.load(std::memory_order_relaxed); }
  uint64_t min() const noexcept;
  uint64_t max() const noexcept { return max_.load(std::memory_order_relaxed); }
  uint64_t mean() const noexcept;
  /// Value at quantile q (0..1): the midpoint of the bucket holding it.
  uint64_t quantile(double q) const noexcept;
  /// quantile() of each of `qs` (ascending), in one pass over the buckets between min and max.
  void quantiles(std::span<const double> qs, std::span<uint64_t> out) const noexcept;

  static size_t bucketOf(uint64_t ns) noexcept;
  static uint64_t bucketLow(size_t b) noexcept;
  static uint64_t bucketHigh(size_t b) noexcept;  ///< inclusive

 private:
  std::array<std::atomic<uint64_t>, kBuckets> buckets_{};
  std::atomic<uint64_t> count_{0}, sum_{0}, min_{UINT64_MAX}, max_{0};
};

}  // namespace staccato::drone
