#pragma once
/// A flow run's numbers as clients read them (CLI, GUI, reports): sums over templates and
/// phases, and rates between two readings. The drone's FlowStats carries them per template
/// and phase; every reader adds them up the same way here.
#include <string_view>

#include "staccato/v1/drone.pb.h"

namespace staccato::client {

struct FlowTotals {
  uint64_t attempted = 0, established = 0, completed = 0;
  uint64_t refused = 0, reset = 0, timedOut = 0, invalid = 0;
  uint64_t tester = 0;  ///< the tester's own limits: never counted as the device's failures
  uint64_t retransmissions = 0, transactions = 0, bytesSent = 0, bytesReceived = 0;
  uint64_t tlsHandshakes = 0, tlsResumed = 0;

  /// Failures the device (or the far side) caused: refused, reset, timed out, invalid.
  uint64_t failures() const { return refused + reset + timedOut + invalid; }
  void add(const v1::FlowPhaseStats& p);
  FlowTotals minus(const FlowTotals& earlier) const;
};

/// Sums `p` over its templates (or only template `onlyTemplate` >= 0) and phases (or only the
/// phase named, "ramp-up", "steady" or "ramp-down").
FlowTotals flowTotals(const v1::PortFlows& p, std::string_view phase = "", int onlyTemplate = -1);
uint64_t openConnections(const v1::PortFlows& p);
uint64_t cutAtEnd(const v1::PortFlows& p);

enum class FlowLatency { kConnect, kFirstByte, kLastByte };
/// The latency over every template (or only template `onlyTemplate` >= 0) and phase (or only the
/// one named), merged from their buckets (FlowStats with latency_buckets); samples 0 when there
/// are none.
v1::LatencyStats mergedFlowLatency(const v1::PortFlows& p, FlowLatency which, std::string_view phase = "",
                                   int onlyTemplate = -1);

/// Per second over `seconds` (0 when seconds is not above 0).
double perSecond(uint64_t count, double seconds);

}  // namespace staccato::client
