#include "client/models/benchmark_setup.h"

#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace staccato::client {
namespace {

constexpr double kMaxLossPercent = 50;

QStringList items(const QString& text) {
  static const QRegularExpression separators("[\\s,;]+");
  return text.split(separators, Qt::SkipEmptyParts);
}

QString percentName(double percent) { return QString("PDR %1 %").arg(percent, 0, 'g', 6); }

}  // namespace

Result<std::vector<bench::LossGoal>> parseLossGoals(const QString& percents) {
  std::vector<double> values;
  for (const QString& item : items(percents)) {
    bool ok = false;
    const double v = item.toDouble(&ok);
    if (!ok || !std::isfinite(v) || v < 0 || v > kMaxLossPercent)  // the CLI's --loss range
      return makeError("loss goals", "'" + item.toStdString() + "' is not a loss in percent (0 to 50)");
    if (std::find(values.begin(), values.end(), v) != values.end())
      return makeError("loss goals", "'" + item.toStdString() + "' is named twice");
    values.push_back(v);
  }
  if (values.empty()) return makeError("loss goals", "give at least one loss in percent, e.g. 0 for NDR");
  std::sort(values.begin(), values.end());
  const auto nonZero = std::count_if(values.begin(), values.end(), [](double v) { return v > 0; });
  std::vector<bench::LossGoal> goals;
  for (double v : values) {
    const QString name = v == 0 ? QString("NDR") : nonZero == 1 ? QString("PDR") : percentName(v);
    goals.push_back({name.toStdString(), v / 100, 0});
  }
  return goals;
}

Result<std::vector<bench::FrameSize>> parseFrameSizes(const QString& text) {
  std::vector<bench::FrameSize> sizes;
  // A custom mix has commas of its own ("imix:64x7,1518x1"): only spaces separate it.
  static const QRegularExpression spaces("[\\s;]+");
  QStringList labels;
  for (const QString& word : text.split(spaces, Qt::SkipEmptyParts))
    labels << (word.startsWith("imix:") ? QStringList{word} : word.split(',', Qt::SkipEmptyParts));
  for (const QString& item : labels) {
    auto size = bench::parseFrameSize(item.toStdString());
    if (!size) return makeError("frame sizes", size.error().message);
    if (std::find(sizes.begin(), sizes.end(), *size) != sizes.end())
      return makeError("frame sizes", "'" + item.toStdString() + "' is named twice");
    sizes.push_back(std::move(size).value());
  }
  return sizes;
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
  auto sizes = parseFrameSizes(setup.frameSizes);
  if (!sizes) return sizes.error();
  c.frameSizes = std::move(sizes).value();
  if (!setup.lossGoals.trimmed().isEmpty()) {
    auto goals = parseLossGoals(setup.lossGoals);
    if (!goals) return goals.error();
    c.search.goals = std::move(goals).value();
  }
  if (setup.trialSeconds > 0) {
    const double t = setup.trialSeconds;
    c.search.trialSeconds = c.latency.trialSeconds = c.frameLoss.trialSeconds = t;
    c.search.initialTrialSeconds = std::min(c.search.initialTrialSeconds, t);
    if (c.search.durationSum != 0) c.search.durationSum = std::max(c.search.durationSum, t);
  }
  if (setup.portPairs.empty()) return makeError("ports", "choose a transmit and a receive port");
  c.portPairs = setup.portPairs;
  c.direction = setup.bidirectional ? bench::Direction::kBidirectional : bench::Direction::kUnidirectional;
  if (setup.lineRateBps > 0) c.lineRateBps = setup.lineRateBps;
  if (auto s = bench::checkConfig(c); !s) return s.error();
  return c;
}

}  // namespace staccato::client
