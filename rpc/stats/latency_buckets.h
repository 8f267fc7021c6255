#pragma once
/// A stream's latency histogram as the RPC carries it (LatencyStats: sub_bucket_bits and the
/// non-empty buckets as index/count pairs): checking what a drone sent, reading the buckets'
/// bounds, percentiles from the buckets (the one rule: the drone fills p50..p99.9 with it, and
/// clients compute any other percentile the same way), and merging the histograms of streams.
#include <cstdint>
#include <span>
#include <vector>

#include "common/core/result.h"
#include "rpc/stats/latency_bucket_bounds.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::rpc {

struct LatencyBucket {
  uint64_t lowNs = 0, highNs = 0;  ///< inclusive
  uint64_t count = 0;
  bool operator==(const LatencyBucket&) const = default;
};

/// Ok when `l` carries no buckets, or well-formed ones: a known layout, as many counts as
/// indices, indices ascending and inside the layout. Otherwise what is wrong (a drone is not
/// trusted: clients show or skip such a histogram, never index with it).
Status checkLatencyBuckets(const v1::LatencyStats& l);

/// The buckets of `l` with their bounds, ascending; empty when it carries none or they are
/// malformed (checkLatencyBuckets says why).
std::vector<LatencyBucket> latencyBuckets(const v1::LatencyStats& l);

/// The sum of the bucket counts (0 when malformed).
uint64_t bucketTotal(const v1::LatencyStats& l);

/// The value at each quantile of `qs` (ascending, 0..1) from the buckets of `l`: the midpoint of
/// the bucket where the running count first reaches floor(q * (total - 1)) + 1, clamped to
/// [min_ns, max_ns] (never outside what was measured). All 0 without (well-formed) buckets.
void percentilesFromBuckets(const v1::LatencyStats& l, std::span<const double> qs, std::span<uint64_t> out);
uint64_t percentileFromBuckets(const v1::LatencyStats& l, double q);

/// Sets p50, p90, p99 and p99.9 of `l` from its buckets.
void setPercentiles(v1::LatencyStats& l);

/// Takes the buckets out of `l` (its figures stay): for clients that did not ask for them.
void dropBuckets(v1::LatencyStats& l);

/// Adds the histogram of `from` to `into` (samples, min, max, mean weighted by samples, buckets,
/// percentiles recomputed; jitter is per stream and does not add up: the larger one stays).
/// Both must carry well-formed buckets of the same layout (or `into` none yet).
Status mergeLatency(v1::LatencyStats& into, const v1::LatencyStats& from);

}  // namespace staccato::rpc
