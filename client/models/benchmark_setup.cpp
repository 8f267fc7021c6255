#include "client/models/benchmark_setup.h"

#include "client/core/benchmark/config_text.h"

namespace staccato::client {

Result<bench::BenchmarkConfig> benchmarkConfig(const BenchmarkSetup& setup) {
  bench::BenchmarkConfig c;
  if (!setup.preset.isEmpty()) {
    auto preset = bench::presetConfig(setup.preset.toStdString());
    if (!preset) return makeError("preset", preset.error().message);
    c = std::move(preset).value();
  }
  if (setup.tests.empty()) return makeError("tests", "choose at least one test");
  c.tests = setup.tests;
  if (!setup.frameSizes.trimmed().isEmpty()) {
    auto sizes = bench::parseFrameSizeList(setup.frameSizes.toStdString());
    if (!sizes) return sizes.error().withPrefix("frame sizes");
    c.frameSizes = std::move(sizes).value();
  }
  if (!setup.lossGoals.trimmed().isEmpty()) {
    auto goals = bench::parseLossGoals(setup.lossGoals.toStdString());
    if (!goals) return goals.error().withPrefix("loss goals");
    c.search.goals = std::move(goals).value();
  }
  if (setup.trialSeconds > 0) bench::setTrialSeconds(c, setup.trialSeconds);
  if (setup.portPairs.empty()) return makeError("ports", "choose a transmit and a receive port");
  c.portPairs = setup.portPairs;
  c.direction = setup.bidirectional ? bench::Direction::kBidirectional : bench::Direction::kUnidirectional;
  if (setup.lineRateBps > 0) c.lineRateBps = setup.lineRateBps;
  if (auto s = bench::checkConfig(c); !s) return s.error();
  return c;
}

}  // namespace staccato::client
