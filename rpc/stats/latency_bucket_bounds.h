#pragma once
/// The latency histogram's bucket layout (drone.proto, LatencyStats): log-linear with fixed
/// relative precision. With S sub-bucket bits and N = 2^S, values below N have a bucket each;
/// each power of two [2^e, 2^(e+1)) above is cut into N equal buckets, so a bucket is at most
/// 1/N of its values wide. The one home of this arithmetic: the drone's LatencyHistogram records
/// with it and every client reads the RPC's buckets with it. No protobuf here (the drone's
/// receive path includes it).
#include <bit>
#include <cstddef>
#include <cstdint>

namespace staccato::rpc {

/// What the drone records with: 64 sub-buckets per power of two, at most 1.6 % wide.
inline constexpr unsigned kLatencySubBucketBits = 6;
/// A reader accepts layouts from 1 to this many sub-bucket bits (0 means "no buckets sent").
inline constexpr unsigned kMaxLatencySubBucketBits = 16;

/// Buckets in the layout: N exact ones, then N per power of two from 2^S up to 2^64.
constexpr size_t latencyBucketCount(unsigned subBits) { return size_t(65 - subBits) << subBits; }

constexpr size_t latencyBucketOf(uint64_t ns, unsigned subBits) {
  const uint64_t n = uint64_t{1} << subBits;
  if (ns < n) return size_t(ns);
  const unsigned e = 63u - unsigned(std::countl_zero(ns));  // ns in [2^e, 2^(e+1))
  const uint64_t sub = (ns >> (e - subBits)) & (n - 1);
  return size_t(n + (e - subBits) * n + sub);
}

/// The smallest value of bucket `b` (b < latencyBucketCount(subBits)).
constexpr uint64_t latencyBucketLow(size_t b, unsigned subBits) {
  const uint64_t n = uint64_t{1} << subBits;
  if (b < n) return b;
  const unsigned e = unsigned((b - n) / n) + subBits;
  const uint64_t sub = (b - n) % n;
  return (uint64_t{1} << e) | (sub << (e - subBits));
}

/// The largest value of bucket `b` (inclusive; the last bucket ends at 2^64 - 1).
constexpr uint64_t latencyBucketHigh(size_t b, unsigned subBits) {
  return b + 1 < latencyBucketCount(subBits) ? latencyBucketLow(b + 1, subBits) - 1 : UINT64_MAX;
}

static_assert(latencyBucketCount(kLatencySubBucketBits) == 3776);
static_assert(latencyBucketOf(UINT64_MAX, kLatencySubBucketBits) == 3775);
static_assert(latencyBucketLow(64, 6) == 64 && latencyBucketHigh(127, 6) == 127 && latencyBucketHigh(128, 6) == 129);

}  // namespace staccato::rpc
