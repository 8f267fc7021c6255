#pragma once
/// A latency histogram made drawable: the drone's buckets are 1/64 of a power of two wide, so on
/// a logarithmic axis spanning decades (a 2 ms outlier beside a 20 µs body) each would be a
/// fraction of a pixel. Buckets that start within a bin's minimum width join it; a chart then
/// draws bins no narrower than that, and draws the buckets themselves when they are wide enough.
#include <cstdint>
#include <vector>

#include "rpc/stats/latency_buckets.h"

namespace staccato::client {

/// Packets whose latency lies in [lowNs, endNs).
struct LatencyBin {
  double lowNs = 0, endNs = 0;
  uint64_t count = 0;
  bool operator==(const LatencyBin&) const = default;
};

/// `buckets` (ascending) as bins at least `minLogWidth` wide in log10(end / low). A 0 ns bucket
/// starts at 0.5 ns (a logarithmic axis has no 0). Counts add up to the buckets' total.
std::vector<LatencyBin> latencyBins(const std::vector<rpc::LatencyBucket>& buckets, double minLogWidth);

}  // namespace staccato::client
