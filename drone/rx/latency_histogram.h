#pragma once
/// Log-linear latency histogram in the RPC's bucket layout (rpc/stats/latency_bucket_bounds.h:
/// exact below 64 ns, then 64 buckets per power of two, at most 1.6% relative error), so
/// percentiles come from every packet, not from samples. Percentiles themselves are computed
/// from the buckets the stats carry (rpc/stats/latency_buckets.h), by the drone and clients alike.
/// Single writer (the receive thread), any number of readers; no locks. Buckets come in chunks
/// of one power of two (64 buckets, 512 bytes), made when the first sample lands in them: a
/// stream's latencies span a few powers of two, so it holds a few chunks, not all 59 (30 KiB),
/// and ids invented on the wire cost little. Not copyable.
#include <array>
#include <atomic>
#include <cstdint>

#include "common/core/single_writer.h"
#include "rpc/stats/latency_bucket_bounds.h"
namespace staccato::drone {

class LatencyHistogram {
 public:
  static constexpr unsigned kSubBits = rpc::kLatencySubBucketBits;
  static constexpr size_t kBuckets = rpc::latencyBucketCount(kSubBits);

  LatencyHistogram() = default;
  LatencyHistogram(const LatencyHistogram&) = delete;
  LatencyHistogram& operator=(const LatencyHistogram&) = delete;
  ~LatencyHistogram();

  /// Allocates a chunk the first time a sample lands in its power of two (at most 59 times).
  void record(uint64_t ns) noexcept;

  uint64_t count() const noexcept { return count_.load(std::memory_order_relaxed); }
  uint64_t min() const noexcept;
  uint64_t max() const noexcept { return max_.load(std::memory_order_relaxed); }
  uint64_t mean() const noexcept;
  /// Calls f(bucket index, count) for every non-empty bucket, ascending. Every sample lies
  /// between min and max, so only their buckets are read.
  template <typename F>
  void forEachBucket(F&& f) const {
    if (count() == 0) return;
    const size_t last = bucketOf(max());
    for (size_t b = bucketOf(min()); b <= last; ++b) {
      const Bucket* chunk = chunks_[b / kChunkBuckets].load(std::memory_order_acquire);
      if (!chunk) {
        b = (b / kChunkBuckets + 1) * kChunkBuckets - 1;  // the whole chunk is empty
        continue;
      }
      if (const uint64_t n = chunk[b % kChunkBuckets].load(std::memory_order_relaxed)) f(b, n);
    }
  }

  static size_t bucketOf(uint64_t ns) noexcept { return rpc::latencyBucketOf(ns, kSubBits); }

 private:
  using Bucket = std::atomic<uint64_t>;
  static constexpr size_t kChunkBuckets = size_t{1} << kSubBits;
  static constexpr size_t kChunks = (kBuckets + kChunkBuckets - 1) / kChunkBuckets;
  std::array<std::atomic<Bucket*>, kChunks> chunks_{};
  std::atomic<uint64_t> count_{0}, sum_{0}, min_{UINT64_MAX}, max_{0};
};

}  // namespace staccato::drone
