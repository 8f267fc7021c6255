#pragma once
/// The latency histogram's bucket layout (drone.proto, LatencyStats): log-linear with fixed
/// relative precision. With S sub-bucket bits and N = 2^S, values below N have a bucket each;
/// each power of two [2^e, 2^(e+1)) above is cut into N equal buckets, so a bucket is at most
/// 1/N of its values wide. The one home of this arithmetic: the drone's LatencyHistogram records
/// with it and every client reads the RPC's buckets with it. No protobuf here (the drone's
/// receive path includes it).
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

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

/// The value at each quantile of `qs` (ascending, 0..1) of a histogram given as its non-empty
/// buckets (`index` ascending, `count` beside it; any indexable containers, e.g. the RPC's
/// repeated fields or vectors) holding `total` samples: the midpoint of the bucket where the
/// running count first reaches floor(q * (total - 1)) + 1, clamped to [minNs, maxNs] (never outside
/// what was measured). All 0 when `total` is 0. The one percentile rule of drone and clients.
template <typename Indices, typename Counts>
void percentilesOfBuckets(const Indices& index, const Counts& count, unsigned subBits, uint64_t total,
                          uint64_t minNs, uint64_t maxNs, std::span<const double> qs, std::span<uint64_t> out) {
  size_t k = 0;
  uint64_t seen = 0;
  for (size_t i = 0; i < size_t(index.size()) && k < qs.size() && total > 0; ++i) {
    seen += uint64_t(count[int(i)]);
    while (k < qs.size() && seen >= static_cast<uint64_t>(qs[k] * static_cast<double>(total - 1)) + 1) {
      const uint64_t low = latencyBucketLow(index[int(i)], subBits), high = latencyBucketHigh(index[int(i)], subBits);
      out[k++] = std::min(std::max(low + (high - low) / 2, minNs), maxNs);
    }
  }
  for (; k < qs.size(); ++k) out[k] = total ? maxNs : 0;
}

/// Two histograms' non-empty buckets (each ascending by index) added up, ascending: one merge pass.
template <typename IndicesA, typename CountsA, typename IndicesB, typename CountsB>
std::vector<std::pair<uint32_t, uint64_t>> mergeBucketLists(const IndicesA& ai, const CountsA& ac, const IndicesB& bi,
                                                            const CountsB& bc) {
  std::vector<std::pair<uint32_t, uint64_t>> merged;
  merged.reserve(size_t(ai.size()) + size_t(bi.size()));
  const size_t na = size_t(ai.size()), nb = size_t(bi.size());
  size_t i = 0, j = 0;
  while (i < na || j < nb) {
    const bool takeA = j == nb || (i < na && ai[int(i)] <= bi[int(j)]);
    const bool takeB = i == na || (j < nb && bi[int(j)] <= ai[int(i)]);
    const uint32_t at = takeA ? uint32_t(ai[int(i)]) : uint32_t(bi[int(j)]);
    merged.emplace_back(at, (takeA ? uint64_t(ac[int(i++)]) : 0) + (takeB ? uint64_t(bc[int(j++)]) : 0));
  }
  return merged;
}

static_assert(latencyBucketCount(kLatencySubBucketBits) == 3776);
static_assert(latencyBucketOf(UINT64_MAX, kLatencySubBucketBits) == 3775);
static_assert(latencyBucketLow(64, 6) == 64 && latencyBucketHigh(127, 6) == 127 && latencyBucketHigh(128, 6) == 129);

}  // namespace staccato::rpc
