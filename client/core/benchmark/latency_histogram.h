#pragma once
/// A trial's latency histogram in the RPC's bucket layout (rpc/stats/latency_bucket_bounds.h),
/// without protobuf: what the executor copies from a stream's LatencyStats, what the latency
/// test merges over trials, and what percentiles and pass criteria are read from.
#include <cstdint>
#include <vector>

#include "common/core/result.h"

namespace staccato::bench {

struct LatencyHistogram {
  unsigned subBucketBits = 0;   ///< the layout; 0 = no buckets
  std::vector<uint32_t> index;  ///< non-empty buckets, ascending
  std::vector<uint64_t> count;  ///< beside index
  uint64_t samples = 0;
  uint64_t minNs = 0, maxNs = 0;
  double avgNs = 0;
  double jitterNs = 0;  ///< RFC 3550 interarrival jitter

  bool empty() const { return samples == 0 && index.empty(); }
  /// The value at quantile q (0..1) by the RPC's one percentile rule; 0 without buckets.
  uint64_t percentile(double q) const;
  /// Well-formed: a known layout, as many counts as indices, indices ascending and in range.
  Status check() const;
  /// Adds `other` (same layout): buckets, samples, min, max, mean weighted by samples; jitter
  /// does not add up, the larger stays.
  Status merge(const LatencyHistogram& other);
  bool operator==(const LatencyHistogram&) const = default;
};

}  // namespace staccato::bench
