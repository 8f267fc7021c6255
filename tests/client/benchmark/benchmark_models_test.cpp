// The Benchmark page's models: the form's setup into the runner's config, the results table
// (under QAbstractItemModelTester) growing a row per frame size, progress and the live loss chart.
#include <gtest/gtest.h>

#include <QAbstractItemModelTester>
#include <QSignalSpy>

#include "client/models/benchmark_progress.h"
#include "client/models/benchmark_results_model.h"
#include "client/models/benchmark_setup.h"
#include "tests/benchmark/sample_result.h"

namespace staccato::client {
namespace {

BenchmarkSetup labSetup() {
  BenchmarkSetup s;
  s.preset = "quick";
  s.tests = {bench::TestKind::kThroughput};
  s.portPairs = {{"lab/eth1", "lab/eth2"}};
  s.lineRateBps = 1e9;
  return s;
}

TEST(BenchmarkSetup, ThePresetThenTheFormsChoices) {
  BenchmarkSetup s = labSetup();
  s.tests = {bench::TestKind::kThroughput, bench::TestKind::kBackToBack};
  s.frameSizes = "64 1518";
  s.lossGoals = "0 0.1 1";
  s.trialSeconds = 0.5;  // shorter than the quick preset's first trials
  s.bidirectional = true;
  auto c = benchmarkConfig(s);
  ASSERT_TRUE(c) << c.error().toString();
  const bench::BenchmarkConfig quick = bench::presetConfig("quick").value();
  EXPECT_EQ(c->preset, "quick");
  EXPECT_EQ(c->tests, s.tests);
  EXPECT_EQ(c->frameSizes, (std::vector{bench::FrameSize::fixed(64), bench::FrameSize::fixed(1518)}));
  EXPECT_EQ(c->search.goals.size(), 3u);
  EXPECT_EQ(c->search.trialSeconds, 0.5);
  EXPECT_LE(c->search.initialTrialSeconds, 0.5);
  EXPECT_EQ(c->frameLoss.trialSeconds, 0.5);
  EXPECT_EQ(c->backToBack, quick.backToBack);
  EXPECT_EQ(c->direction, bench::Direction::kBidirectional);
  EXPECT_EQ(c->flows(), 2u);
  EXPECT_EQ(c->lineRateBps, 1e9);

  s.lossGoals.clear();  // the preset's goals and sizes
  s.frameSizes = " ";
  s.trialSeconds = 0;
  auto kept = benchmarkConfig(s);
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->search.goals, quick.search.goals);
  EXPECT_EQ(kept->frameSizes, quick.frameSizes);
  EXPECT_EQ(kept->search.trialSeconds, quick.search.trialSeconds);
}

TEST(BenchmarkSetup, AdvancedSettingsRoundTripThroughAConfig) {
  const bench::BenchmarkConfig strict = *bench::presetConfig("rfc2544-strict");
  BenchmarkSetup s = labSetup();
  s.preset = "quick";
  s.advanced = advancedOf(strict);
  auto c = benchmarkConfig(s);
  ASSERT_TRUE(c) << c.error().toString();
  EXPECT_EQ(advancedOf(*c), advancedOf(strict));
  EXPECT_EQ(c->search.method, bench::SearchMethod::kBinary);
  s.advanced->maxLatencyUs = 12.5;
  s.advanced->ipv6 = true;
  c = benchmarkConfig(s);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->criteria.maxLatencyNs, 12'500u);
  EXPECT_EQ(c->ipVersion, 6u);
  EXPECT_EQ(advancedOf(*c), *s.advanced);
}

TEST(BenchmarkSetup, SaysWhichFieldIsWrong) {
  BenchmarkSetup s = labSetup();
  s.portPairs.clear();
  EXPECT_EQ(benchmarkConfig(s).error().path, "ports");
  s = labSetup();
  s.tests.clear();
  EXPECT_EQ(benchmarkConfig(s).error().path, "tests");
  s = labSetup();
  s.preset = "fastest";
  EXPECT_EQ(benchmarkConfig(s).error().path, "preset");
  s = labSetup();
  s.lossGoals = "0 x";
  EXPECT_EQ(benchmarkConfig(s).error().toString(), "loss goals: 'x' is not a number in [0, 50] (a loss in percent)");
  s = labSetup();
  s.frameSizes = "64 12";
  EXPECT_EQ(benchmarkConfig(s).error().path, "frame sizes");
  s = labSetup();
  s.advanced = BenchmarkAdvanced{};
  s.advanced->precisionPercent = 0;
  EXPECT_EQ(benchmarkConfig(s).error().toString(), "precision: a percentage above 0 and below 50");
  s.advanced->precisionPercent = 1;
  s.advanced->tolerancePercent = 80;
  EXPECT_FALSE(benchmarkConfig(s));
}

TEST(BenchmarkResultsModel, GrowsARowPerFrameSizeWithTheGoalsFound) {
  const bench::BenchmarkResult full = bench::testing::sampleResult();
  ASSERT_TRUE(full.error.empty()) << full.error;
  ASSERT_EQ(full.sizes.size(), 5u);
  BenchmarkResultsModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
  QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

  bench::BenchmarkResult partial = full;
  partial.sizes.clear();
  model.setResult(partial);  // the config's goals make the columns
  EXPECT_EQ(model.rowCount(), 0);
  EXPECT_EQ(model.columnCount(), 1 + 2 + 3);
  EXPECT_EQ(model.headerData(model.goalColumn(1), Qt::Horizontal).toString(), "PDR throughput");
  for (size_t i = 0; i < full.sizes.size(); ++i) {
    partial.sizes.push_back(full.sizes[i]);
    model.setResult(partial);
    ASSERT_EQ(model.rowCount(), int(i) + 1);
  }
  EXPECT_EQ(inserted.count(), 5);
  const int resetsBefore = int(reset.count());

  for (int row = 0; row < model.rowCount(); ++row) {
    const bench::SizeResult& s = full.sizes[size_t(row)];
    EXPECT_EQ(model.index(row, 0).data().toString(), QString::fromStdString(s.frameSize.label()) + " B");
    for (size_t g = 0; g < 2; ++g) {
      const QModelIndex cell = model.index(row, model.goalColumn(g));
      EXPECT_EQ(cell.data(BenchmarkResultsModel::kValueRole).toDouble(), s.throughput->goals[g].lowerLoad);
      EXPECT_EQ(cell.data(BenchmarkResultsModel::kTesterLimitedRole).toBool(), s.throughput->goals[g].testerLimited);
      EXPECT_EQ(cell.data().toString().contains("tester-limited"), s.throughput->goals[g].testerLimited);
    }
    EXPECT_EQ(model.index(row, model.backToBackColumn()).data(BenchmarkResultsModel::kValueRole).toDouble(),
              s.backToBack->averageFrames);
  }
  // The sample's generator cannot reach 64 bytes' throughput: the table says so, not the device's figure.
  EXPECT_TRUE(model.index(0, model.goalColumn(0)).data(BenchmarkResultsModel::kTesterLimitedRole).toBool());
  EXPECT_FALSE(model.index(3, model.goalColumn(0)).data(BenchmarkResultsModel::kTesterLimitedRole).toBool());

  bench::BenchmarkResult other = full;  // other goals: a new table
  other.config.search.goals.pop_back();
  for (auto& s : other.sizes) s.throughput->goals.pop_back();
  model.setResult(other);
  EXPECT_EQ(reset.count(), resetsBefore + 1);
  EXPECT_EQ(model.columnCount(), 1 + 1 + 3);
}

TEST(BenchmarkProgress, FractionFollowsSizesAndTests) {
  bench::BenchmarkConfig c = bench::presetConfig("quick").value();  // all four tests
  bench::ProgressEvent e;
  e.sizeCount = 4;
  e.sizeIndex = 0;
  e.test = "throughput";
  EXPECT_EQ(progressFraction(e, c), 0);
  e.test = "loss";
  EXPECT_DOUBLE_EQ(progressFraction(e, c), 0.5 / 4);
  e.sizeIndex = 3;
  e.test = "b2b";
  EXPECT_DOUBLE_EQ(progressFraction(e, c), (3 + 0.75) / 4);
  c.tests = {bench::TestKind::kThroughput, bench::TestKind::kBackToBack};
  EXPECT_DOUBLE_EQ(progressFraction(e, c), (3 + 0.5) / 4);
  e.frameSize = "1518";
  e.trial = 17;
  e.phase = "NDR";
  e.load = 0.425;
  e.durationSeconds = 30;
  EXPECT_EQ(progressText(e), "trial 17 · 1518 B (4 of 4) · b2b NDR · 42.50 % of line rate for 30 s");
}

TEST(BenchmarkProgress, TrialLossChartHasEveryTrialTheReceiverSawWhole) {
  const bench::BenchmarkResult r = bench::testing::sampleResult();
  const bench::Chart chart = trialLossChart(r);
  size_t expected = 0, points = 0, hollow = 0, limited = 0;
  for (const auto& t : r.trials)
    if (t.request.kind == bench::TrialKind::kContinuous && !t.receiverMissed && t.txFrames > 0) {
      ++expected;
      limited += t.testerLimited;
    }
  for (const auto& s : chart.series)
    for (const auto& p : s.points) {
      ++points;
      hollow += p.hollow;
      EXPECT_GE(p.y, 0);
      EXPECT_LE(p.y, 100);
    }
  EXPECT_GT(expected, 20u);
  EXPECT_EQ(points, expected);
  EXPECT_EQ(hollow, limited);  // the calibration keeps the sample's trials under the ceiling: usually none
  ASSERT_EQ(chart.series.size(), r.sizes.size());
  EXPECT_EQ(chart.series.front().name, "64 B");
  // Above the device's 300 Mbit/s some trial lost frames; far below it none did.
  bool lossAbove = false;
  for (const auto& p : chart.series[3].points) lossAbove |= p.x > 40 && p.y > 0;
  EXPECT_TRUE(lossAbove);
}

}  // namespace
}  // namespace staccato::client
