#pragma once
/// What a drone tells Prometheus (docs/observability.md lists every series): its health, its
/// ports and its streams, from the same snapshot WatchStats sends. Streams are capped
/// (kMaxMetricStreams) so no sender of frames can make the exposition grow without bound; the
/// rest are counted in staccato_drone_metrics_streams_omitted.
#include <cstdint>
#include <string>
#include <vector>

#include "staccato/v1/drone.pb.h"

namespace staccato::drone::metrics {

/// Streams (rows of the snapshot) exposed at most, in (port, stream id, receive port) order:
/// about 40 series each.
inline constexpr size_t kMaxMetricStreams = 1024;

/// The latency histogram's bounds: powers of two from 2^10 ns (about 1 us) to 2^33 ns (about
/// 8.6 s), each a bucket boundary of the drone's own histogram, so every count is exact.
inline constexpr unsigned kFirstBoundPower = 10, kLastBoundPower = 33;

/// The drone's own state, gathered by whoever serves the metrics.
struct DroneHealth {
  std::string version;
  v1::ClockState clock;
  int connections = 0;
  size_t leases = 0;
  uint64_t captureMemoryBytes = 0, captureMemoryLimitBytes = 0;
};

struct MetricsInput {
  DroneHealth health;
  std::vector<v1::Port> ports;
  v1::StatsSnapshot stats;  ///< with latency buckets
  size_t maxStreams = kMaxMetricStreams;
};

/// The exposition (Prometheus text format 0.0.4).
std::string renderMetrics(const MetricsInput& in);

}  // namespace staccato::drone::metrics
