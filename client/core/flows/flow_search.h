#pragma once
/// RFC 9411's searches over flow runs (docs/flows.md#rfc-9411): the highest connection rate, or
/// concurrency, at which a trial passes - its failures within a ratio of its connections and,
/// when asked, its transactions' p99 latency within a bound - found by bisection to a
/// resolution. A trial the tester could not offer ends the search, incomplete, at what passed
/// below it: never a device's limit that was the tester's.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "staccato/v1/drone.pb.h"

namespace staccato::client {

struct FlowCriteria {
  double maxFailureRatio = 0;  ///< of the steady phase's connections
  uint64_t maxP99Ns = 0;       ///< the steady phase's last-byte p99; 0 = not judged
};

struct FlowTrialOutcome {
  bool passed = false;
  bool testerLimited = false;  ///< not judged: the tester could not offer the load
  std::string why;             ///< "0 of 4000 failed, p99 1.2 ms" / what failed / the tester's limit
  /// The client side's numbers it was judged from (judgeFlowTrial keeps them); none when the
  /// trial never ran (its sides did not start, a stop on request).
  std::optional<v1::PortFlows> client;
  /// Wall clock around the trial (ns since the Unix epoch), set by whoever ran it: the reports'
  /// times. 0 when not known.
  int64_t startNs = 0, endNs = 0;
  bool stopped = false;  ///< not judged either (testerLimited too): a stop on request cut it short
};

/// Judges a trial from the client side's numbers (FlowStats with latency buckets).
FlowTrialOutcome judgeFlowTrial(const v1::PortFlows& client, const FlowCriteria& criteria);

struct FlowSearchSettings {
  double low = 0, high = 0;   ///< the loads searched between (0 < low <= high)
  double resolution = 0.02;   ///< stop when the bracket is within this fraction of its top
  size_t maxTrials = 24;
};

struct FlowSearchTrial {
  double load = 0;
  FlowTrialOutcome outcome;
};

struct FlowSearchResult {
  double found = 0;        ///< the highest load that passed (0: not even `low`)
  bool atLeast = false;    ///< `high` passed: the device holds at least that much
  bool complete = true;    ///< false when the tester's limit (or the trial count) ended it early
  std::string why;         ///< how it ended, in words
  std::vector<FlowSearchTrial> trials;
};

/// Tries `high`, then `low`, then bisects; `trial` runs one load and says how it went.
FlowSearchResult searchFlowLoad(const FlowSearchSettings& settings, const std::function<FlowTrialOutcome(double)>& trial);

}  // namespace staccato::client
