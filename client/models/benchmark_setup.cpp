#include "client/models/benchmark_setup.h"

#include <cmath>

#include "client/core/benchmark/config_text.h"

namespace staccato::client {

namespace {

Status applyAdvanced(const BenchmarkAdvanced& a, bench::BenchmarkConfig& c) {
  if (!std::isfinite(a.precisionPercent) || a.precisionPercent <= 0 || a.precisionPercent >= 50)
    return makeError("precision", "a percentage above 0 and below 50");
  if (!std::isfinite(a.maxLatencyUs) || a.maxLatencyUs < 0 || a.maxLatencyUs > 1e9)
    return makeError("max latency", "microseconds, 0 (none) to 1e9");
  if (!std::isfinite(a.rampMs) || a.rampMs < 0) return makeError("ramp", "milliseconds, 0 or more");
  c.search.method = a.search;
  bench::setRelativePrecision(c, a.precisionPercent / 100);
  c.trial.testerTolerance = a.tolerancePercent / 100;
  c.trial.rampSeconds = a.rampMs / 1000;
  c.trial.receiverRetries = a.receiverRetries;
  c.trial.learning = a.learning;
  c.ipVersion = a.ipv6 ? 6 : 4;
  c.criteria.maxLatencyNs.reset();
  if (a.maxLatencyUs > 0) c.criteria.maxLatencyNs = static_cast<uint64_t>(std::llround(a.maxLatencyUs * 1000));
  return Ok{};
}

}  // namespace

BenchmarkAdvanced advancedOf(const bench::BenchmarkConfig& c) {
  BenchmarkAdvanced a;
  a.search = c.search.method;
  // A preset with an absolute precision only shows the runner's default relative one.
  a.precisionPercent = c.search.relativePrecision > 0 ? 100 * c.search.relativePrecision : a.precisionPercent;
  a.tolerancePercent = 100 * c.trial.testerTolerance;
  a.rampMs = 1000 * c.trial.rampSeconds;
  a.receiverRetries = c.trial.receiverRetries;
  a.ipv6 = c.ipVersion == 6;
  a.learning = c.trial.learning;
  a.maxLatencyUs = c.criteria.maxLatencyNs ? double(*c.criteria.maxLatencyNs) / 1000 : 0;
  return a;
}

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
  if (setup.advanced)
    if (auto s = applyAdvanced(*setup.advanced, c); !s) return s.error();
  if (auto s = bench::checkConfig(c); !s) return s.error();
  return c;
}

}  // namespace staccato::client
