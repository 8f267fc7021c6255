#include "client/models/latency_bins.h"

#include <algorithm>
#include <cmath>

namespace staccato::client {

std::vector<LatencyBin> latencyBins(const std::vector<rpc::LatencyBucket>& buckets, double minLogWidth) {
  const double factor = std::pow(10.0, std::max(minLogWidth, 0.0));
  std::vector<LatencyBin> bins;
  for (const rpc::LatencyBucket& b : buckets) {
    const double low = std::max(double(b.lowNs), 0.5), end = double(b.highNs) + 1;
    if (!bins.empty() && low < bins.back().lowNs * factor) {
      bins.back().endNs = end;
      bins.back().count += b.count;
    } else {
      if (!bins.empty()) bins.back().endNs = std::max(bins.back().endNs, std::min(bins.back().lowNs * factor, low));
      bins.push_back({low, end, b.count});
    }
  }
  if (!bins.empty()) bins.back().endNs = std::max(bins.back().endNs, bins.back().lowNs * factor);
  return bins;
}

}  // namespace staccato::client
