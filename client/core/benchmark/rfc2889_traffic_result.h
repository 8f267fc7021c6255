#pragma once
/// An RFC 2889 traffic test's result (fully meshed throughput, or broadcast forwarding): the
/// ports, the settings, the search's answer and every trial with its pairs; written as JSON
/// (`staccato-rfc2889-result`, as the address tests).
#include <string>
#include <vector>

#include "client/core/benchmark/frame_size.h"
#include "client/core/benchmark/rfc2889_traffic.h"

namespace staccato::bench {

struct Rfc2889TrafficResult {
  bool meshed = true;        ///< false: broadcast
  std::string generator;
  std::vector<std::string> ports;  ///< broadcast: the sender first
  uint64_t startNs = 0, endNs = 0;
  double lineRateBps = 0, trialSeconds = 0;
  FrameSize size;
  ThroughputSettings settings;
  ThroughputSearch search;   ///< broadcast: its one trial (no search)
  std::string error;

  bool complete() const { return error.empty() && search.complete; }
  /// "throughput 87 % of the line rate (...)" / "broadcast forwarded ..." / "incomplete: ..."
  std::string answer() const;
};

std::string rfc2889TrafficJson(const Rfc2889TrafficResult& r);

}  // namespace staccato::bench
