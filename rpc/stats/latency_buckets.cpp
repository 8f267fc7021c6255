#include "rpc/stats/latency_buckets.h"

#include <algorithm>
#include <array>
#include <string>

namespace staccato::rpc {

Status checkLatencyBuckets(const v1::LatencyStats& l) {
  const int n = l.bucket_index_size();
  if (n != l.bucket_count_size())
    return makeError("latency", std::to_string(n) + " bucket indices but " + std::to_string(l.bucket_count_size()) + " counts");
  if (n == 0) return Ok{};
  const unsigned bits = l.sub_bucket_bits();
  if (bits < 1 || bits > kMaxLatencySubBucketBits)
    return makeError("latency.sub_bucket_bits", std::to_string(bits) + " is not a bucket layout (allowed 1.." +
                                                    std::to_string(kMaxLatencySubBucketBits) + ")");
  const size_t buckets = latencyBucketCount(bits);
  for (int i = 0; i < n; ++i) {
    const uint32_t b = l.bucket_index(i);
    if (b >= buckets)
      return makeError("latency.bucket_index[" + std::to_string(i) + "]",
                       std::to_string(b) + " is out of range (" + std::to_string(buckets) + " buckets)");
    if (i > 0 && b <= l.bucket_index(i - 1))
      return makeError("latency.bucket_index[" + std::to_string(i) + "]", std::to_string(b) + " is not above the index before it");
  }
  return Ok{};
}

std::vector<LatencyBucket> latencyBuckets(const v1::LatencyStats& l) {
  std::vector<LatencyBucket> out;
  if (!checkLatencyBuckets(l)) return out;
  out.reserve(size_t(l.bucket_index_size()));
  for (int i = 0; i < l.bucket_index_size(); ++i)
    out.push_back({latencyBucketLow(l.bucket_index(i), l.sub_bucket_bits()),
                   latencyBucketHigh(l.bucket_index(i), l.sub_bucket_bits()), l.bucket_count(i)});
  return out;
}

uint64_t bucketTotal(const v1::LatencyStats& l) {
  if (!checkLatencyBuckets(l)) return 0;
  uint64_t total = 0;
  for (uint64_t c : l.bucket_count()) total += c;
  return total;
}

void percentilesFromBuckets(const v1::LatencyStats& l, std::span<const double> qs, std::span<uint64_t> out) {
  percentilesOfBuckets(l.bucket_index(), l.bucket_count(), l.sub_bucket_bits(), bucketTotal(l), l.min_ns(), l.max_ns(), qs,
                       out);
}

uint64_t percentileFromBuckets(const v1::LatencyStats& l, double q) {
  uint64_t v = 0;
  percentilesFromBuckets(l, std::span(&q, 1), std::span(&v, 1));
  return v;
}

void setPercentiles(v1::LatencyStats& l) {
  constexpr std::array<double, 4> kQuantiles{0.5, 0.9, 0.99, 0.999};
  std::array<uint64_t, 4> q{};
  percentilesFromBuckets(l, kQuantiles, q);
  l.set_p50_ns(q[0]);
  l.set_p90_ns(q[1]);
  l.set_p99_ns(q[2]);
  l.set_p999_ns(q[3]);
}

void dropBuckets(v1::LatencyStats& l) {
  l.clear_bucket_index();
  l.clear_bucket_count();
  l.clear_sub_bucket_bits();
}

Status mergeLatency(v1::LatencyStats& into, const v1::LatencyStats& from) {
  if (from.samples() == 0 && from.bucket_index_size() == 0) return Ok{};
  if (auto s = checkLatencyBuckets(from); !s) return s;
  if (from.bucket_index_size() == 0) return makeError("latency", "no buckets to merge (ask the drone for latency_buckets)");
  if (into.samples() == 0 && into.bucket_index_size() == 0) {
    into = from;
    return Ok{};
  }
  if (auto s = checkLatencyBuckets(into); !s) return s;
  if (into.sub_bucket_bits() != from.sub_bucket_bits())
    return makeError("latency.sub_bucket_bits", "cannot merge histograms of " + std::to_string(into.sub_bucket_bits()) +
                                                    " and " + std::to_string(from.sub_bucket_bits()) + " sub-bucket bits");
  const auto merged = mergeBucketLists(into.bucket_index(), into.bucket_count(), from.bucket_index(), from.bucket_count());
  into.clear_bucket_index();
  into.clear_bucket_count();
  for (const auto& [index, count] : merged) {
    into.add_bucket_index(index);
    into.add_bucket_count(count);
  }
  const uint64_t samples = into.samples() + from.samples();
  const double mean = (double(into.avg_ns()) * double(into.samples()) + double(from.avg_ns()) * double(from.samples())) /
                      double(std::max<uint64_t>(samples, 1));
  into.set_avg_ns(uint64_t(mean + 0.5));
  into.set_min_ns(std::min(into.min_ns(), from.min_ns()));
  into.set_max_ns(std::max(into.max_ns(), from.max_ns()));
  into.set_samples(samples);
  into.set_jitter_ns(std::max(into.jitter_ns(), from.jitter_ns()));
  setPercentiles(into);
  return Ok{};
}

}  // namespace staccato::rpc
