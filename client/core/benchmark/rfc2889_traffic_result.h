#pragma once
/// An RFC 2889 traffic test's result (the throughput of a fully meshed, one-to-many or
/// many-to-one pattern; broadcast forwarding; congestion control): the ports, the settings, the
/// answer and every trial with its pairs; written as JSON (`staccato-rfc2889-result`, as the
/// address tests).
#include <string>
#include <vector>

#include "client/core/benchmark/frame_size.h"
#include "client/core/benchmark/rfc2889_errored.h"
#include "client/core/benchmark/rfc2889_forwarding.h"
#include "client/core/benchmark/rfc2889_patterns.h"
#include "client/core/benchmark/rfc2889_traffic.h"

namespace staccato::bench {

struct Rfc2889TrafficResult {
  TrafficPattern pattern = TrafficPattern::kMeshed;
  std::string generator;
  std::vector<std::string> ports;  ///< in the order the pattern's legs count them (the sender first)
  uint64_t startNs = 0, endNs = 0;
  double lineRateBps = 0, trialSeconds = 0;
  FrameSize size;
  ThroughputSettings settings;
  ForwardingSettings forwarding;  ///< forward pressure: the sweep
  ErroredSizes errored;           ///< errored frames: the undersized and oversized frames' sizes
  ThroughputSearch search;   ///< broadcast, congestion control, errored frames: their one trial (no search)
  std::string error;

  bool complete() const { return error.empty() && search.complete; }
  /// The pattern's throughput is searched (else one trial runs at the load asked).
  bool searched() const {
    return pattern == TrafficPattern::kMeshed || pattern == TrafficPattern::kOneToMany || pattern == TrafficPattern::kManyToOne;
  }
  /// Forward pressure: trials at stepped loads, then one above the line rate.
  bool swept() const { return pattern == TrafficPattern::kForwardPressure; }
  /// The receiving port's line rate in frames a second at the frame size (96-bit gap).
  double lineFps() const { return maxFrameRate(lineRateBps, size.averageBytes()); }
  /// "throughput 87 % of the line rate (...)" / "broadcast forwarded ..." / "maximum forwarding rate ..." /
  /// "incomplete: ..."
  std::string answer() const;
};

std::string rfc2889TrafficJson(const Rfc2889TrafficResult& r);

}  // namespace staccato::bench
