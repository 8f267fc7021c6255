#include "client/core/benchmark/latency_histogram.h"

#include <algorithm>
#include <string>

#include "rpc/stats/latency_bucket_bounds.h"

namespace staccato::bench {

uint64_t LatencyHistogram::percentile(double q) const {
  if (index.empty() || !check()) return 0;
  uint64_t total = 0;
  for (uint64_t c : count) total += c;
  uint64_t v = 0;
  rpc::percentilesOfBuckets(index, count, subBucketBits, total, minNs, maxNs, std::span(&q, 1), std::span(&v, 1));
  return v;
}

Status LatencyHistogram::check() const {
  if (index.size() != count.size())
    return makeError("latency", std::to_string(index.size()) + " bucket indices but " + std::to_string(count.size()) + " counts");
  if (index.empty()) return Ok{};
  if (subBucketBits < 1 || subBucketBits > rpc::kMaxLatencySubBucketBits)
    return makeError("latency.sub_bucket_bits", std::to_string(subBucketBits) + " is not a bucket layout");
  for (size_t i = 0; i < index.size(); ++i)
    if (index[i] >= rpc::latencyBucketCount(subBucketBits) || (i > 0 && index[i] <= index[i - 1]))
      return makeError("latency.index[" + std::to_string(i) + "]", "out of range or not ascending");
  return Ok{};
}

Status LatencyHistogram::merge(const LatencyHistogram& other) {
  if (other.empty()) return Ok{};
  if (auto s = other.check(); !s) return s;
  if (empty()) {
    *this = other;
    return Ok{};
  }
  if (auto s = check(); !s) return s;
  if (!index.empty() && !other.index.empty() && subBucketBits != other.subBucketBits)
    return makeError("latency.sub_bucket_bits", "cannot merge histograms of " + std::to_string(subBucketBits) + " and " +
                                                    std::to_string(other.subBucketBits) + " sub-bucket bits");
  const auto merged = rpc::mergeBucketLists(index, count, other.index, other.count);
  index.clear();
  count.clear();
  for (const auto& [i, c] : merged) index.push_back(i), count.push_back(c);
  if (subBucketBits == 0) subBucketBits = other.subBucketBits;
  const uint64_t total = samples + other.samples;
  avgNs = total ? (avgNs * double(samples) + other.avgNs * double(other.samples)) / double(total) : 0;
  minNs = samples == 0 ? other.minNs : other.samples == 0 ? minNs : std::min(minNs, other.minNs);
  maxNs = std::max(maxNs, other.maxNs);
  samples = total;
  jitterNs = std::max(jitterNs, other.jitterNs);
  return Ok{};
}

}  // namespace staccato::bench
