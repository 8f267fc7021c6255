#pragma once
/// What the Benchmark page's form holds, and the runner's config it makes: a preset, then the
/// form's choices over it (tests, frame sizes, loss goals, trial length, ports, direction).
#include <QString>

#include <vector>

#include "client/core/benchmark/benchmark_config.h"
#include "common/core/result.h"

namespace staccato::client {

struct BenchmarkSetup {
  QString preset;                       ///< "quick", "rfc2544-strict", or "" (the runner's defaults)
  std::vector<bench::TestKind> tests;   ///< at least one
  QString frameSizes;                   ///< "64 128 imix" (bench::parseFrameSizeList); "" = the preset's (RFC 2544's seven)
  QString lossGoals;                    ///< in percent, "0, 0.5" (bench::parseLossGoals); "" = the preset's goals
  double trialSeconds = 0;              ///< full-length trials of the search, latency and loss tests; 0 = the preset's
  bool bidirectional = false;
  std::vector<bench::PortPair> portPairs;
  double lineRateBps = 0;               ///< of the tx ports; 0 = the preset's
};

/// The config the setup asks for, checked (checkConfig); errors name the form's field.
Result<bench::BenchmarkConfig> benchmarkConfig(const BenchmarkSetup& setup);

}  // namespace staccato::client
