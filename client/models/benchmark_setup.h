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
  QString frameSizes;                   ///< "64 128 imix", spaces or commas (a custom mix: spaces); "" = RFC 2544's seven
  QString lossGoals;                    ///< loss ratios in percent, "0, 0.5"; "" = the preset's goals
  double trialSeconds = 0;              ///< full-length trials of the search, latency and loss tests; 0 = the preset's
  bool bidirectional = false;
  std::vector<bench::PortPair> portPairs;
  double lineRateBps = 0;               ///< of the tx ports; 0 = the preset's
};

/// Loss goals from percentages (0..50, each once): "0" is NDR, a single non-zero goal PDR,
/// several "PDR 0.5 %" (as the CLI's --loss names them).
Result<std::vector<bench::LossGoal>> parseLossGoals(const QString& percents);
/// Frame sizes as parseFrameSize reads them, each once, separated by spaces or commas
/// ("imix:64x7,1518x1" keeps its commas: spaces separate it from the others).
Result<std::vector<bench::FrameSize>> parseFrameSizes(const QString& text);

/// The config the setup asks for, checked (checkConfig); errors name the form's field.
Result<bench::BenchmarkConfig> benchmarkConfig(const BenchmarkSetup& setup);

}  // namespace staccato::client
