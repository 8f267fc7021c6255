// The Benchmark page driven like a user: ports from the port tree, Run on a worker thread with
// the simulated device (progress, live charts and table really change while the GUI keeps
// running), Stop, Save reports; the main window's menu and shortcut open it.
#include <gtest/gtest.h>

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QToolButton>
#include <QFile>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include "client/core/benchmark/result_json.h"
#include "client/widgets/benchmark_chart_view.h"
#include "client/widgets/benchmark_form.h"
#include "client/widgets/benchmark_page.h"
#include "client/widgets/main_window.h"
#include "tests/client/benchmark/benchmark_lab.h"
#include "tests/client/benchmark/tool_page_checks.h"

namespace staccato::client {
namespace {

using namespace std::chrono_literals;

/// Forgets the page's saved fields, so each test starts from the quick preset.
struct FreshSettings {
  FreshSettings() { QSettings().remove("benchmark"); }
};

struct Lab {
  explicit Lab(std::chrono::milliseconds trialDelay = {}) : factory(std::make_shared<test::SimulatedFactory>(trialDelay)) {
    test::addLabPorts(tree);
    page.setExecutorFactory(factory);
    page.form()->setFrameSizes("64 512 1518");
    page.form()->setTrialSeconds(2);
  }
  bool waitFinished(int ms = 60000) {
    if (!page.benchmarkRun()->running()) return true;
    QSignalSpy done(page.benchmarkRun(), &BenchmarkRun::finished);
    return done.wait(ms);
  }
  int points(BenchmarkChartView* chart, const QString& series) { return chart->pointCounts()[series]; }

  FreshSettings fresh;
  PortTreeModel tree;
  std::shared_ptr<test::SimulatedFactory> factory;
  BenchmarkPage page{&tree};
};

TEST(BenchmarkPage, RunsOnTheChosenPortsAndFillsChartsTableAndProgress) {
  Lab lab;
  ASSERT_TRUE(lab.page.form()->choosePorts({test::kLabDrone, "eth2"}, {test::kLabDrone, "eth1"}));
  EXPECT_EQ(lab.page.results()->rowCount(), 0);
  EXPECT_EQ(lab.page.progressBar()->value(), 0);
  QSignalSpy progress(lab.page.benchmarkRun(), &BenchmarkRun::progress);
  ASSERT_TRUE(lab.page.run()) << lab.page.statusText().toStdString();
  EXPECT_FALSE(lab.page.findChild<QPushButton*>("benchmarkRun")->isEnabled());
  EXPECT_TRUE(lab.page.findChild<QPushButton*>("benchmarkStop")->isEnabled());
  ASSERT_TRUE(lab.waitFinished());

  // The factory got the ports picked, and the config the form describes.
  ASSERT_EQ(lab.factory->created, 1);
  ASSERT_EQ(lab.factory->lastTarget.pairs.size(), 1u);
  EXPECT_EQ(lab.factory->lastTarget.pairs[0].tx, (PortRef{test::kLabDrone, "eth2"}));
  EXPECT_EQ(lab.factory->lastTarget.pairs[0].rx, (PortRef{test::kLabDrone, "eth1"}));
  const bench::BenchmarkConfig& c = lab.factory->lastConfig;
  EXPECT_EQ(c.portPairs, (std::vector<bench::PortPair>{{"eth2@unix:/run/lab.sock", "eth1@unix:/run/lab.sock"}}));
  EXPECT_EQ(c.lineRateBps, test::kLabLineRate);
  EXPECT_EQ(c.preset, "quick");
  EXPECT_EQ(c.frameSizes.size(), 3u);

  const bench::BenchmarkResult& r = lab.page.benchmarkRun()->result();
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_FALSE(r.stopped);
  EXPECT_EQ(progress.count(), int(r.trials.size()));
  EXPECT_EQ(lab.page.progressBar()->value(), lab.page.progressBar()->maximum());
  EXPECT_EQ(lab.page.results()->rowCount(), 3);
  EXPECT_EQ(lab.points(lab.page.throughputChart(), "line rate (theory)"), 3);
  EXPECT_EQ(lab.points(lab.page.throughputChart(), "NDR (0 % loss)"), 3);
  int lossPoints = 0;
  for (const auto& [name, n] : lab.page.lossChart()->pointCounts()) lossPoints += n;
  EXPECT_GT(lossPoints, 10);
  EXPECT_TRUE(lab.page.findChild<QPushButton*>("benchmarkSave")->isEnabled());
  EXPECT_TRUE(lab.page.findChild<QPushButton*>("benchmarkRun")->isEnabled());
  // 64 bytes at 400 kpps of a 1.49 Mpps line: the table says the tester was the limit.
  EXPECT_TRUE(lab.page.results()->index(0, 1).data(BenchmarkResultsModel::kTesterLimitedRole).toBool());
  EXPECT_FALSE(lab.page.results()->index(2, 1).data(BenchmarkResultsModel::kTesterLimitedRole).toBool());
}

TEST(BenchmarkPage, RemembersTheFieldsOfTheLastRun) {
  {
    Lab lab;
    lab.page.form()->applyPreset("rfc2544-strict");
    lab.page.form()->setTests({bench::TestKind::kThroughput, bench::TestKind::kLatency});
    lab.page.form()->setFrameSizes("128 imix");
    lab.page.form()->setLossGoals("0, 1");
    lab.page.form()->setTrialSeconds(0.5);
    BenchmarkAdvanced a = lab.page.form()->advanced()->values();
    a.ipv6 = true;
    a.rampMs = 150;
    lab.page.form()->advanced()->setValues(a);
    ASSERT_TRUE(lab.page.run());
    ASSERT_TRUE(lab.waitFinished());
  }
  PortTreeModel tree;
  test::addLabPorts(tree);
  BenchmarkPage again(&tree);
  const BenchmarkSetup s = again.form()->setup();
  EXPECT_EQ(s.preset, "rfc2544-strict");
  EXPECT_EQ(s.tests, (std::vector{bench::TestKind::kThroughput, bench::TestKind::kLatency}));
  EXPECT_EQ(s.frameSizes, "128 imix");
  EXPECT_EQ(s.lossGoals, "0, 1");
  EXPECT_EQ(s.trialSeconds, 0.5);
  ASSERT_TRUE(s.advanced);
  EXPECT_EQ(s.advanced->search, bench::SearchMethod::kBinary);  // the strict preset's
  EXPECT_TRUE(s.advanced->ipv6);
  EXPECT_EQ(s.advanced->rampMs, 150);
  FreshSettings forget;
  BenchmarkPage fresh(&tree);  // nothing saved: the quick preset
  EXPECT_EQ(fresh.form()->setup().preset, "quick");
  EXPECT_EQ(fresh.form()->setup().trialSeconds, bench::presetConfig("quick")->search.trialSeconds);
}

TEST(BenchmarkPage, AdvancedSettingsFoldedFilledByThePresetAndPassedOn) {
  Lab lab;
  BenchmarkAdvancedBox* advanced = lab.page.form()->advanced();
  EXPECT_FALSE(advanced->expanded());
  EXPECT_FALSE(lab.page.findChild<QWidget*>("benchmarkSearch")->isVisibleTo(&lab.page));
  advanced->findChild<QToolButton*>("benchmarkAdvancedToggle")->click();
  EXPECT_TRUE(lab.page.findChild<QWidget*>("benchmarkSearch")->isVisibleTo(&lab.page));

  lab.page.form()->applyPreset("rfc2544-strict");
  EXPECT_EQ(advanced->values(), advancedOf(*bench::presetConfig("rfc2544-strict")));
  EXPECT_EQ(advanced->values().search, bench::SearchMethod::kBinary);
  lab.page.form()->applyPreset("quick");
  EXPECT_EQ(advanced->values().search, bench::SearchMethod::kMultiGoal);
  EXPECT_EQ(advanced->values().precisionPercent, 1);

  lab.page.findChild<QComboBox*>("benchmarkSearch")->setCurrentIndex(1);  // binary
  lab.page.findChild<QDoubleSpinBox*>("benchmarkPrecision")->setValue(2);
  lab.page.findChild<QDoubleSpinBox*>("benchmarkTolerance")->setValue(5);
  lab.page.findChild<QSpinBox*>("benchmarkRamp")->setValue(250);
  lab.page.findChild<QSpinBox*>("benchmarkRetries")->setValue(1);
  lab.page.findChild<QDoubleSpinBox*>("benchmarkMaxLatency")->setValue(80);
  lab.page.findChild<QCheckBox*>("benchmarkIpv6")->setChecked(true);
  lab.page.findChild<QCheckBox*>("benchmarkLearning")->setChecked(false);
  lab.page.form()->setFrameSizes("512");
  ASSERT_TRUE(lab.page.run()) << lab.page.statusText().toStdString();
  ASSERT_TRUE(lab.waitFinished());
  const bench::BenchmarkConfig& c = lab.factory->lastConfig;
  EXPECT_EQ(c.search.method, bench::SearchMethod::kBinary);
  EXPECT_EQ(c.search.relativePrecision, 0.02);
  EXPECT_EQ(c.search.absolutePrecision, 0);
  EXPECT_EQ(c.trial.testerTolerance, 0.05);
  EXPECT_EQ(c.trial.rampSeconds, 0.25);
  EXPECT_EQ(c.trial.receiverRetries, 1u);
  EXPECT_EQ(c.criteria.maxLatencyNs, 80'000u);
  EXPECT_EQ(c.ipVersion, 6u);
  EXPECT_FALSE(c.trial.learning);
}

TEST(BenchmarkPage, SeveralPairsAcrossDrones) {
  Lab lab;
  lab.tree.addDrone("10.0.0.2:7878");
  lab.tree.setDroneInfo("10.0.0.2:7878", "far", "connected", {}, true);
  std::vector<v1::Port> far(1);
  far[0].set_name("ens1");
  far[0].set_line_rate_bps(10e9);
  lab.tree.setPorts("10.0.0.2:7878", far);
  ASSERT_TRUE(lab.page.form()->choosePorts({test::kLabDrone, "eth1"}, {test::kLabDrone, "eth2"}));
  ASSERT_TRUE(lab.page.form()->addChosenPair());
  EXPECT_FALSE(lab.page.form()->addChosenPair());  // listed already
  ASSERT_TRUE(lab.page.form()->choosePorts({"10.0.0.2:7878", "ens1"}, {test::kLabDrone, "eth1"}));
  ASSERT_TRUE(lab.page.form()->addChosenPair());
  lab.page.form()->setFrameSizes("512");
  ASSERT_TRUE(lab.page.run()) << lab.page.statusText().toStdString();
  ASSERT_TRUE(lab.waitFinished());
  const BenchmarkTarget& t = lab.factory->lastTarget;
  ASSERT_EQ(t.pairs.size(), 2u);
  EXPECT_EQ(t.pairs[1].tx, (PortRef{"10.0.0.2:7878", "ens1"}));
  EXPECT_EQ(lab.factory->lastConfig.portPairs, (std::vector<bench::PortPair>{{"eth1@unix:/run/lab.sock", "eth2@unix:/run/lab.sock"},
                                                                             {"ens1@10.0.0.2:7878", "eth1@unix:/run/lab.sock"}}));
  EXPECT_EQ(lab.factory->lastConfig.flows(), 2u);
  EXPECT_EQ(lab.factory->lastConfig.lineRateBps, test::kLabLineRate);  // the slowest sending port's
  EXPECT_TRUE(lab.page.benchmarkRun()->result().error.empty());
  lab.page.form()->clearPairs();  // back to the pair chosen
  EXPECT_EQ(lab.page.form()->pairs().size(), 1u);
  EXPECT_EQ(lab.page.form()->setup().lineRateBps, 10e9);  // far's port sends; lab's 1 Gbit/s port only receives
}

TEST(BenchmarkPage, LiveWhileRunningAndTheGuiNeverWaits) {
  Lab lab(20ms);  // every trial takes 20 ms of real time on the worker
  lab.page.form()->setTests({bench::TestKind::kThroughput, bench::TestKind::kFrameLoss});
  // The GUI thread's timer ticks every 5 ms; a trial "saw" ticks when some came between its
  // progress and its end on the GUI thread, which happens only if trials run elsewhere.
  int ticks = 0, ticksAtStart = 0, trialsWithTicks = 0;
  QTimer tick;
  tick.setInterval(5);
  QObject::connect(&tick, &QTimer::timeout, [&] { ++ticks; });
  QObject::connect(lab.page.benchmarkRun(), &BenchmarkRun::progress, [&] { ticksAtStart = ticks; });
  QObject::connect(lab.page.benchmarkRun(), &BenchmarkRun::trialDone, [&] { trialsWithTicks += ticks > ticksAtStart; });
  std::vector<int> rowsSeen, progressSeen, lossPointsSeen;
  QObject::connect(lab.page.benchmarkRun(), &BenchmarkRun::trialDone, [&] {
    rowsSeen.push_back(lab.page.results()->rowCount());
    progressSeen.push_back(lab.page.progressBar()->value());
    int n = 0;
    for (const auto& [name, count] : lab.page.lossChart()->pointCounts()) n += count;
    lossPointsSeen.push_back(n);
  });
  tick.start();
  ASSERT_TRUE(lab.page.run());
  ASSERT_TRUE(lab.waitFinished());
  tick.stop();
  ASSERT_TRUE(lab.page.benchmarkRun()->result().error.empty());
  ASSERT_GT(rowsSeen.size(), 30u);
  // The table and the progress bar moved during the run, not only at its end.
  EXPECT_EQ(rowsSeen.front(), 0);
  EXPECT_GT(std::count(rowsSeen.begin(), rowsSeen.end(), 1), 0);
  EXPECT_LT(progressSeen[progressSeen.size() / 2], lab.page.progressBar()->maximum());
  EXPECT_GT(progressSeen[progressSeen.size() / 2], progressSeen.front());
  EXPECT_TRUE(std::is_sorted(progressSeen.begin(), progressSeen.end()));
  EXPECT_GT(lossPointsSeen[lossPointsSeen.size() / 2], 0);  // redrawn live (at most every 200 ms)
  // Trials ran off the GUI thread: it kept ticking while they ran (a loaded machine delays
  // some ticks past a trial's end, so not every trial; a trial on the GUI thread sees none).
  EXPECT_GT(trialsWithTicks, int(rowsSeen.size()) / 4) << trialsWithTicks << " of " << rowsSeen.size();
  EXPECT_GT(ticks, int(rowsSeen.size()));
}

TEST(BenchmarkPage, StopKeepsWhatWasMeasured) {
  Lab lab(10ms);
  ASSERT_TRUE(lab.page.run());
  QSignalSpy sized(lab.page.benchmarkRun(), &BenchmarkRun::sizeDone);
  ASSERT_TRUE(sized.wait(30000));  // the first frame size is done
  lab.page.findChild<QPushButton*>("benchmarkStop")->click();
  EXPECT_FALSE(lab.page.findChild<QPushButton*>("benchmarkStop")->isEnabled());
  ASSERT_TRUE(lab.waitFinished());
  const bench::BenchmarkResult& r = lab.page.benchmarkRun()->result();
  EXPECT_TRUE(r.stopped);
  EXPECT_GE(r.sizes.size(), 1u);
  EXPECT_LT(r.sizes.size(), 3u);
  EXPECT_EQ(lab.page.results()->rowCount(), int(r.sizes.size()));
  EXPECT_LT(lab.page.progressBar()->value(), lab.page.progressBar()->maximum());
  EXPECT_TRUE(lab.page.findChild<QPushButton*>("benchmarkSave")->isEnabled());
}

TEST(BenchmarkPage, SavesEveryReportFromTheRunsResult) {
  Lab lab;
  lab.page.form()->setFrameSizes("128 imix");
  ASSERT_TRUE(lab.page.run());
  ASSERT_TRUE(lab.waitFinished());
  QTemporaryDir dir;
  ASSERT_TRUE(lab.page.saveReports(dir.filePath("lab run.html"))) << lab.page.statusText().toStdString();
  for (const char* name : {"lab run.html", "lab run.json", "lab run.csv", "lab run.trials.csv", "lab run.junit.xml"})
    EXPECT_GT(QFile(dir.filePath(name)).size(), 100) << name;
  auto back = bench::readResultFile(dir.filePath("lab run.json").toStdString());
  ASSERT_TRUE(back) << back.error().toString();
  EXPECT_EQ(*back, lab.page.benchmarkRun()->result());
  EXPECT_FALSE(lab.page.saveReports(dir.filePath("no/such/dir/x.html")));
  EXPECT_TRUE(lab.page.statusText().startsWith("Cannot save"));
}

TEST(BenchmarkPage, ALoadedCalibrationWinsOverTheExecutors) {
  Lab lab;
  lab.page.form()->setFrameSizes("512");
  lab.page.form()->setTests({bench::TestKind::kThroughput});
  QTemporaryDir dir;
  bench::BenchmarkResult file;  // what benchmark calibrate --json writes: a result with the calibration
  file.calibration = {"lab: eth1 -> eth2, loop cable", 1'764'000'000'000'000'000,
                      {{bench::FrameSize::fixed(512), 50e3, test::kLabLineRate}}};
  ASSERT_TRUE(bench::writeResultFile(dir.filePath("cal.json").toStdString(), file));
  ASSERT_TRUE(bench::writeResultFile(dir.filePath("none.json").toStdString(), bench::BenchmarkResult{}));
  EXPECT_FALSE(lab.page.loadCalibration(dir.filePath("none.json")));
  EXPECT_TRUE(lab.page.statusText().contains("holds no calibration"));
  EXPECT_FALSE(lab.page.loadCalibration(dir.filePath("missing.json")));
  ASSERT_TRUE(lab.page.loadCalibration(dir.filePath("cal.json")));
  ASSERT_TRUE(lab.page.run());
  ASSERT_TRUE(lab.waitFinished());
  const bench::BenchmarkResult& r = lab.page.benchmarkRun()->result();
  EXPECT_EQ(r.calibration, file.calibration);
  // 50 kpps is below the 70.5 kpps the device forwards at 512 bytes: the generator is the limit.
  EXPECT_TRUE(r.sizes.at(0).throughput->goals[0].testerLimited);
  lab.page.clearCalibration();
  ASSERT_TRUE(lab.page.run());
  ASSERT_TRUE(lab.waitFinished());
  // The executor's again: at 512 bytes the line (235 kpps), not the generator's 400 kpps, is its ceiling.
  EXPECT_EQ(lab.page.benchmarkRun()->result().calibration.points.at(0).maxPps, bench::maxFrameRate(test::kLabLineRate, 512));
  EXPECT_FALSE(lab.page.benchmarkRun()->result().sizes.at(0).throughput->goals[0].testerLimited);
}

TEST(BenchmarkPage, SaysWhyItCannotRun) {
  FreshSettings fresh;
  PortTreeModel tree;
  test::addLabPorts(tree);
  BenchmarkPage page(&tree);
  test::expectNoRunWithoutExecutor(page, "benchmarkRun");
  // Given its executor after it was made (as the main window does), the page no longer says so.
  page.setExecutorFactory(std::make_shared<test::SimulatedFactory>(std::chrono::milliseconds{}));
  EXPECT_EQ(page.statusText(), "") << page.statusText().toStdString();
  EXPECT_TRUE(page.findChild<QPushButton*>("benchmarkRun")->isEnabled());

  Lab lab;
  lab.page.form()->setFrameSizes("64 huge");
  EXPECT_FALSE(lab.page.run());
  EXPECT_TRUE(lab.page.statusText().startsWith("frame sizes")) << lab.page.statusText().toStdString();
  EXPECT_EQ(lab.factory->created, 0);
  lab.page.form()->setFrameSizes("64");
  lab.factory->failWith = "drone lab is not connected";
  EXPECT_FALSE(lab.page.run());
  EXPECT_TRUE(lab.page.statusText().contains("drone lab is not connected"));
  EXPECT_FALSE(lab.page.benchmarkRun()->running());
}

TEST(BenchmarkPage, TheMainWindowOpensItFromToolsAndCtrlB) {
  FreshSettings fresh;
  Workspace workspace;
  MainWindow window(&workspace);
  QAction* open = test::toolsAction(window, [](const QAction* a) { return a->shortcut() == QKeySequence("Ctrl+B"); });
  ASSERT_NE(open, nullptr);
  auto factory = std::make_shared<test::SimulatedFactory>();
  window.setBenchmarkExecutorFactory(factory);
  open->trigger();
  test::expectOpenedWithItsFactory(window.benchmarkPage(), "benchmarkRun");
}

TEST(BenchmarkPage, QuittingDuringARunStopsItFirst) {
  FreshSettings fresh;
  Workspace workspace;
  test::addLabPorts(*workspace.portTree());
  MainWindow window(&workspace);
  window.setBenchmarkExecutorFactory(std::make_shared<test::SimulatedFactory>(20ms));
  window.show();
  BenchmarkPage* page = window.benchmarkPage();
  ASSERT_TRUE(page->run());
  QSignalSpy trials(page->benchmarkRun(), &BenchmarkRun::trialDone);
  ASSERT_TRUE(trials.wait(10000));
  int asked = 0;
  QTimer::singleShot(50, [&] {  // the question is modal: answer it
    if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
      ++asked;
      box->button(QMessageBox::Yes)->click();
    }
  });
  EXPECT_FALSE(window.close());  // not yet: the current trial ends first
  EXPECT_EQ(asked, 1);
  EXPECT_TRUE(window.isVisible());
  EXPECT_TRUE(page->benchmarkRun()->stopRequested());
  QSignalSpy finished(page->benchmarkRun(), &BenchmarkRun::finished);
  ASSERT_TRUE(page->benchmarkRun()->running() ? finished.wait(10000) : true);
  for (int i = 0; i < 100 && window.isVisible(); ++i) QTest::qWait(50);
  EXPECT_FALSE(window.isVisible());  // closed once it ended
  EXPECT_TRUE(page->benchmarkRun()->result().stopped);
}

}  // namespace
}  // namespace staccato::client
