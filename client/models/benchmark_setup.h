#pragma once
/// What the Benchmark page's form holds, and the runner's config it makes: a preset, then the
/// form's choices over it (tests, frame sizes, loss goals, trial length, ports, direction).
#include <QString>

#include <optional>
#include <vector>

#include "client/core/benchmark/benchmark_config.h"
#include "common/core/result.h"

namespace staccato::client {

/// The page's advanced settings; a preset fills them (advancedOf), the form may change them.
struct BenchmarkAdvanced {
  bench::SearchMethod search = bench::SearchMethod::kMultiGoal;
  double precisionPercent = 0.5;   ///< the search stops when its bounds are this close (relative)
  double tolerancePercent = 1;     ///< offered load may fall this short of intended
  double rampMs = 0;               ///< each trial rises to its rate over this long
  unsigned receiverRetries = 3;    ///< repeats of a trial whose receiver missed frames
  bool ipv6 = false;
  bool learning = true;            ///< learning frames and ARP/NDP before each trial
  double maxLatencyUs = 0;         ///< pass criterion inside the search and latency test; 0 = none
  bool operator==(const BenchmarkAdvanced&) const = default;
};

/// What a config says of the advanced settings (a preset's, to fill the form).
BenchmarkAdvanced advancedOf(const bench::BenchmarkConfig& config);

struct BenchmarkSetup {
  QString preset;                       ///< "quick", "rfc2544-strict", or "" (the runner's defaults)
  std::vector<bench::TestKind> tests;   ///< at least one
  QString frameSizes;                   ///< "64 128 imix" (bench::parseFrameSizeList); "" = the preset's (RFC 2544's seven)
  QString lossGoals;                    ///< in percent, "0, 0.5" (bench::parseLossGoals); "" = the preset's goals
  double trialSeconds = 0;              ///< full-length trials of the search, latency and loss tests; 0 = the preset's
  bool bidirectional = false;
  std::vector<bench::PortPair> portPairs;
  double lineRateBps = 0;               ///< of the tx ports; 0 = the preset's
  std::optional<BenchmarkAdvanced> advanced;  ///< none = the preset's
};

/// The config the setup asks for, checked (checkConfig); errors name the form's field.
Result<bench::BenchmarkConfig> benchmarkConfig(const BenchmarkSetup& setup);

}  // namespace staccato::client
