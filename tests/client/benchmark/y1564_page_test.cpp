// The Y.1564 page driven like a user: ports from the port tree, services typed into the table,
// Run on a worker thread against a modelled policer (steps pass and fail as it polices, a loss
// stretch in the performance test is unavailable time), Stop, a value refused naming its field,
// the config file and the reports saved; the main window's Tools menu opens it.
#include <gtest/gtest.h>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QFile>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include "client/core/benchmark/y1564_json.h"
#include "client/core/benchmark/y1564_result_json.h"
#include "client/widgets/benchmark_chart_view.h"
#include "client/widgets/main_window.h"
#include "client/widgets/y1564_form.h"
#include "client/widgets/y1564_page.h"
#include "tests/client/benchmark/tool_page_checks.h"
#include "tests/client/benchmark/y1564_lab.h"

namespace staccato::client {
namespace {

using namespace std::chrono_literals;
using Col = Y1564ResultsModel::Column;
using Field = Y1564ServicesModel::Column;

struct Lab {
  explicit Lab(test::PolicerModel device = {}) : factory(std::make_shared<test::SimulatedY1564Factory>(std::move(device))) {
    QSettings().remove("y1564");  // each test starts from the page's defaults
    test::addLabPorts(tree);
    page = std::make_unique<Y1564Page>(&tree);
    page->setExecutorFactory(factory);
    page->form()->setStepSeconds(10);
    page->form()->setPerformanceSeconds(60);
  }
  /// Types `text` into service `row`'s cell `field`, as a user editing in place.
  bool type(int row, int field, const QString& text) {
    return page->form()->services()->setData(page->form()->services()->index(row, field), text);
  }
  /// Two services: voice (no EIR) and data (CIR 40 + EIR 20 Mbit/s).
  void twoServices() {
    Y1564ServicesModel* s = page->form()->services();
    ASSERT_EQ(s->rowCount(), 1);
    ASSERT_TRUE(type(0, Field::kName, "voice"));
    ASSERT_TRUE(type(0, Field::kFrameSize, "128"));
    ASSERT_TRUE(type(0, Field::kDscp, "46"));
    ASSERT_TRUE(type(0, Field::kCir, "5"));
    ASSERT_TRUE(type(0, Field::kFtd, "10"));
    ASSERT_TRUE(s->addService());
    ASSERT_TRUE(type(1, Field::kName, "data"));
    ASSERT_TRUE(type(1, Field::kVlan, "100"));
    ASSERT_TRUE(type(1, Field::kPcp, "3"));
    ASSERT_TRUE(type(1, Field::kCir, "40"));
    ASSERT_TRUE(type(1, Field::kEir, "20"));
    ASSERT_TRUE(type(1, Field::kFlr, "0.01"));
  }
  bool waitFinished(int ms = 60000) {
    if (!page->y1564Run()->running()) return true;
    QSignalSpy done(page->y1564Run(), &Y1564Run::finished);
    return done.wait(ms);
  }
  QString cell(int row, int column, int role = Qt::DisplayRole) const {
    return page->results()->index(row, column).data(role).toString();
  }
  QPushButton* button(const char* name) const { return page->findChild<QPushButton*>(name); }

  PortTreeModel tree;
  std::shared_ptr<test::SimulatedY1564Factory> factory;
  std::unique_ptr<Y1564Page> page;
};

TEST(Y1564Page, RunsTheServicesOnTheChosenPortsAndEveryStepPasses) {
  Lab lab;
  lab.twoServices();
  QAbstractItemModelTester services(lab.page->form()->services(), QAbstractItemModelTester::FailureReportingMode::Fatal);
  QAbstractItemModelTester results(lab.page->results(), QAbstractItemModelTester::FailureReportingMode::Fatal);
  ASSERT_TRUE(lab.page->form()->choosePorts({test::kLabDrone, "eth2"}, {test::kLabDrone, "eth1"}));
  ASSERT_TRUE(lab.page->run()) << lab.page->statusText().toStdString();
  EXPECT_FALSE(lab.button("y1564Run")->isEnabled());
  EXPECT_TRUE(lab.button("y1564Stop")->isEnabled());
  ASSERT_TRUE(lab.waitFinished());

  ASSERT_EQ(lab.factory->created, 1);
  EXPECT_EQ(lab.factory->lastTarget.tx, (PortRef{test::kLabDrone, "eth2"}));
  EXPECT_EQ(lab.factory->lastTarget.rx, (PortRef{test::kLabDrone, "eth1"}));
  const bench::Y1564Config& c = lab.factory->lastConfig;
  ASSERT_EQ(c.services.size(), 2u);
  EXPECT_EQ(c.services[0].name, "voice");
  EXPECT_EQ(c.services[0].frameSize, bench::FrameSize::fixed(128));
  EXPECT_EQ(c.services[1].vlan, 100u);
  EXPECT_EQ(c.services[1].pcp, 3u);
  EXPECT_DOUBLE_EQ(c.services[1].sac.maxFlr, 0.0001);
  EXPECT_EQ(c.performanceSeconds, 60);

  const bench::Y1564Result& r = lab.page->y1564Run()->result();
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(r.ports, "eth2@unix:/run/lab.sock -> eth1@unix:/run/lab.sock");
  // voice: four CIR steps and policing; data: four CIR steps, CIR + EIR and policing; then a
  // performance row per service.
  ASSERT_EQ(lab.page->results()->rowCount(), 5 + 6 + 2);
  EXPECT_EQ(lab.cell(0, Col::kService), "voice");
  EXPECT_EQ(lab.cell(0, Col::kStep), "25 % of CIR");
  EXPECT_EQ(lab.cell(0, Col::kRate), "1.25");
  EXPECT_EQ(lab.cell(3, Col::kFtd), "2.000");
  EXPECT_EQ(lab.cell(9, Col::kStep), "CIR + EIR");
  EXPECT_EQ(lab.cell(9, Col::kIr).toDouble(), 60);
  for (int row = 0; row < lab.page->results()->rowCount(); ++row)
    EXPECT_EQ(lab.cell(row, Col::kVerdict), "PASS") << row << ": " << lab.cell(row, Col::kVerdict, Qt::ToolTipRole).toStdString();
  EXPECT_EQ(lab.cell(11, Col::kStep), "performance, 60 s");
  EXPECT_EQ(lab.cell(12, Col::kAvail), "100.0000");
  EXPECT_EQ(lab.cell(12, Col::kUnavailable), "0");
  EXPECT_EQ(lab.cell(4, Col::kAvail), "") << "a configuration step has no availability";
  EXPECT_EQ(lab.page->verdictText(), "PASS");
  EXPECT_EQ(lab.page->progressBar()->value(), lab.page->progressBar()->maximum());
  EXPECT_TRUE(lab.page->stepText().startsWith("Done: 11 of 11 steps, 60 s")) << lab.page->stepText().toStdString();
  EXPECT_EQ(lab.page->lossChart()->pointCounts()["data"], 60);
  EXPECT_TRUE(lab.button("y1564Run")->isEnabled());
  EXPECT_TRUE(lab.button("y1564Save")->isEnabled());

  Y1564Page again(&lab.tree);  // the fields of the last run, remembered
  auto remembered = again.form()->checkedConfig();
  ASSERT_TRUE(remembered) << remembered.error().toString();
  EXPECT_EQ(bench::y1564ConfigJson(*remembered), bench::y1564ConfigJson(c));
}

TEST(Y1564Page, APolicer10PercentBelowCirFailsTheCirStepSayingWhy) {
  Lab lab({.policeMbps = [](const bench::Y1564Service& s) { return 0.9 * s.cirMbps; }});
  ASSERT_TRUE(lab.type(0, Field::kCir, "40"));
  lab.page->form()->setTests(bench::Y1564Tests::kConfiguration);
  ASSERT_TRUE(lab.page->run()) << lab.page->statusText().toStdString();
  ASSERT_TRUE(lab.waitFinished());
  ASSERT_EQ(lab.page->results()->rowCount(), 5) << "the configuration test alone";
  for (int row = 0; row < 3; ++row) EXPECT_EQ(lab.cell(row, Col::kVerdict), "PASS") << lab.cell(row, Col::kStep).toStdString();
  EXPECT_EQ(lab.cell(3, Col::kStep), "100 % of CIR");
  EXPECT_EQ(lab.cell(3, Col::kVerdict), "FAIL");
  EXPECT_NEAR(lab.cell(3, Col::kFlr).toDouble(), 10, 0.01);
  EXPECT_EQ(lab.cell(3, Col::kIr), "36.00");
  const QString why = lab.cell(3, Col::kVerdict, Qt::ToolTipRole);
  EXPECT_TRUE(why.contains("FLR 10 % above the allowed 0 %")) << why.toStdString();
  EXPECT_TRUE(why.contains("IR 36.00 Mbit/s below the 40.00 Mbit/s sent")) << why.toStdString();
  EXPECT_NE(lab.page->results()->index(3, Col::kVerdict).data(Qt::ForegroundRole),
            lab.page->results()->index(0, Col::kVerdict).data(Qt::ForegroundRole)) << "FAIL is coloured apart from PASS";
  EXPECT_EQ(lab.page->verdictText(), "FAIL");
  EXPECT_TRUE(lab.page->lossChart()->pointCounts().empty()) << "no performance test";
}

TEST(Y1564Page, APerformanceLossStretchIsUnavailableTimeDrawnLive) {
  Lab lab({.lossFrom = 30, .lossTo = 45, .secondTime = 5ms});
  lab.twoServices();
  lab.page->form()->setTests(bench::Y1564Tests::kPerformance);
  lab.page->form()->setPerformanceSeconds(120);
  std::vector<int> pointsSeen;
  std::vector<QString> stepsSeen;
  QObject::connect(lab.page->y1564Run(), &Y1564Run::secondDone, [&] {
    pointsSeen.push_back(lab.page->lossChart()->pointCounts()["voice"]);
    stepsSeen.push_back(lab.page->stepText());
  });
  ASSERT_TRUE(lab.page->run());
  ASSERT_TRUE(lab.waitFinished());
  ASSERT_EQ(pointsSeen.size(), 120u);
  // Drawn while it ran (redrawn at most every 200 ms), not only at its end.
  EXPECT_GT(pointsSeen[pointsSeen.size() / 2], 0);
  EXPECT_LT(pointsSeen[pointsSeen.size() / 2], 120);
  EXPECT_TRUE(stepsSeen[60].startsWith("Performance test: second ")) << stepsSeen[60].toStdString();
  EXPECT_TRUE(stepsSeen[60].endsWith(" of 120, every service at its CIR")) << stepsSeen[60].toStdString();

  ASSERT_EQ(lab.page->results()->rowCount(), 2) << "no configuration step, a performance row per service";
  for (int row = 0; row < 2; ++row) {
    EXPECT_EQ(lab.cell(row, Col::kSes), "15");
    EXPECT_EQ(lab.cell(row, Col::kUnavailable), "15");
    EXPECT_EQ(lab.cell(row, Col::kAvail), "87.5000");
    EXPECT_EQ(lab.cell(row, Col::kVerdict), "FAIL");
    EXPECT_TRUE(lab.cell(row, Col::kVerdict, Qt::ToolTipRole).contains("AVAIL 87.5000 % below the required 99.9900 %"));
  }
  EXPECT_EQ(lab.page->lossChart()->pointCounts()["voice"], 120);
  EXPECT_EQ(lab.page->verdictText(), "FAIL");
}

TEST(Y1564Page, StopKeepsTheStepsMeasured) {
  Lab lab({.stepTime = 30ms});
  lab.twoServices();
  ASSERT_TRUE(lab.page->run());
  QSignalSpy steps(lab.page->y1564Run(), &Y1564Run::stepDone);
  for (int i = 0; i < 10 && steps.count() < 2; ++i) steps.wait(5000);
  ASSERT_GE(steps.count(), 2);
  EXPECT_TRUE(lab.page->stepText().startsWith("Step ")) << lab.page->stepText().toStdString();
  EXPECT_GT(lab.page->progressBar()->value(), 0);
  lab.button("y1564Stop")->click();
  EXPECT_FALSE(lab.button("y1564Stop")->isEnabled());
  ASSERT_TRUE(lab.waitFinished());
  const bench::Y1564Result& r = lab.page->y1564Run()->result();
  EXPECT_EQ(r.error, "stopped");
  EXPECT_GE(r.configuration.size(), 2u);
  EXPECT_LT(r.configuration.size(), 11u);
  EXPECT_TRUE(r.performance.empty());
  EXPECT_EQ(lab.page->results()->rowCount(), int(r.configuration.size()));
  EXPECT_EQ(lab.cell(0, Col::kVerdict), "PASS");
  EXPECT_EQ(lab.page->verdictText(), "INCOMPLETE");
  EXPECT_TRUE(lab.page->stepText().startsWith("Stopped after")) << lab.page->stepText().toStdString();
  EXPECT_LT(lab.page->progressBar()->value(), lab.page->progressBar()->maximum());
  EXPECT_TRUE(lab.button("y1564Save")->isEnabled());
}

TEST(Y1564Page, StopInThePerformanceTestKeepsItsSecondsNotJudged) {
  Lab lab({.secondTime = 5ms});
  lab.twoServices();
  lab.page->form()->setTests(bench::Y1564Tests::kPerformance);
  lab.page->form()->setPerformanceSeconds(600);
  ASSERT_TRUE(lab.page->run());
  QSignalSpy seconds(lab.page->y1564Run(), &Y1564Run::secondDone);
  for (int i = 0; i < 50 && seconds.count() < 20; ++i) seconds.wait(5000);
  ASSERT_GE(seconds.count(), 20);
  lab.page->stop();
  ASSERT_TRUE(lab.waitFinished());
  const bench::Y1564Result& r = lab.page->y1564Run()->result();
  ASSERT_EQ(r.performance.size(), 2u);
  const size_t measured = r.performance[0].perSecond.size();
  EXPECT_GE(measured, 20u);
  EXPECT_LT(measured, 600u);
  EXPECT_EQ(lab.cell(0, Col::kStep), QString("performance, %1 s").arg(measured));
  EXPECT_EQ(lab.cell(0, Col::kVerdict), "INCOMPLETE");
  EXPECT_TRUE(lab.cell(0, Col::kVerdict, Qt::ToolTipRole).startsWith("not judged: stopped after"));
  EXPECT_EQ(lab.page->verdictText(), "INCOMPLETE");
  EXPECT_TRUE(lab.page->stepText().startsWith("Stopped after")) << lab.page->stepText().toStdString();
  EXPECT_LT(lab.page->progressBar()->value(), lab.page->progressBar()->maximum());
  EXPECT_EQ(lab.page->lossChart()->pointCounts()["voice"], int(measured));
}

TEST(Y1564Page, ABadValueIsRefusedNamingItsFieldAndNothingRuns) {
  Lab lab;
  ASSERT_TRUE(lab.page->form()->services()->addService());
  QSignalSpy refused(lab.page->form()->services(), &Y1564ServicesModel::refused);
  EXPECT_FALSE(lab.type(1, Field::kCir, "fast"));
  ASSERT_EQ(refused.count(), 1);
  EXPECT_EQ(lab.page->statusText(), "services[1].cir_mbps: \"fast\": not a number");
  EXPECT_EQ(lab.page->form()->services()->services()[1].cirMbps, 10) << "the value before stays";

  ASSERT_TRUE(lab.type(1, Field::kCir, "0"));  // a number, but no rate: the check refuses it
  EXPECT_FALSE(lab.page->run());
  EXPECT_TRUE(lab.page->statusText().startsWith("services[1].cir_mbps: ")) << lab.page->statusText().toStdString();
  EXPECT_EQ(lab.page->form()->servicesView()->currentIndex(), lab.page->form()->services()->index(1, Field::kCir))
      << "the cell is shown";
  EXPECT_EQ(lab.factory->created, 0);
  EXPECT_FALSE(lab.page->y1564Run()->running());
  EXPECT_EQ(lab.page->results()->rowCount(), 0);

  ASSERT_TRUE(lab.type(1, Field::kCir, "20"));
  ASSERT_TRUE(lab.type(1, Field::kName, "service 1"));  // the first one's name
  EXPECT_FALSE(lab.page->run());
  EXPECT_TRUE(lab.page->statusText().startsWith("services[1].name: ")) << lab.page->statusText().toStdString();
  ASSERT_TRUE(lab.type(1, Field::kName, "video"));
  ASSERT_TRUE(lab.type(1, Field::kColour, "aware: dei"));  // DEI needs a VLAN tag
  EXPECT_FALSE(lab.page->run());
  EXPECT_TRUE(lab.page->statusText().startsWith("services[1].yellow_mark: ")) << lab.page->statusText().toStdString();
  EXPECT_EQ(lab.page->form()->servicesView()->currentIndex().column(), Field::kColour);
  EXPECT_EQ(lab.factory->created, 0);

  ASSERT_TRUE(lab.type(1, Field::kColour, "blind"));
  for (int i = 2; i < 16; ++i) ASSERT_TRUE(lab.page->form()->services()->addService());
  EXPECT_FALSE(lab.page->form()->services()->addService()) << "16 services at most";
  EXPECT_FALSE(lab.button("y1564AddService")->isEnabled());
  ASSERT_TRUE(lab.page->run()) << lab.page->statusText().toStdString();
  ASSERT_TRUE(lab.waitFinished());
  EXPECT_EQ(lab.factory->lastConfig.services.size(), 16u);
}

TEST(Y1564Page, TheConfigFileRoundTripsAndABadFileChangesNothing) {
  QTemporaryDir dir;
  const QString path = dir.filePath("lab.json");
  std::string written;
  {
    Lab lab;
    lab.twoServices();
    ASSERT_TRUE(lab.type(1, Field::kCbs, "12000"));
    ASSERT_TRUE(lab.type(1, Field::kAvail, "99.9"));
    lab.page->form()->setStepSeconds(30);
    lab.page->form()->setPerformanceSeconds(7200);
    ASSERT_TRUE(lab.page->form()->saveConfigFile(path));
    written = bench::y1564ConfigJson(*lab.page->form()->checkedConfig());
  }
  Lab lab;  // the defaults: one service
  ASSERT_EQ(lab.page->form()->services()->rowCount(), 1);
  ASSERT_TRUE(lab.page->form()->loadConfigFile(path));
  auto loaded = lab.page->form()->checkedConfig();
  ASSERT_TRUE(loaded) << loaded.error().toString();
  EXPECT_EQ(bench::y1564ConfigJson(*loaded), written);
  EXPECT_EQ(loaded->services.at(1).cbsBytes, 12000u);
  EXPECT_DOUBLE_EQ(loaded->services.at(1).sac.minAvail, 0.999);
  EXPECT_EQ(loaded->performanceSeconds, 7200);
  EXPECT_EQ(lab.page->findChild<QComboBox*>("y1564PerformancePreset")->currentText(), "2 h");

  QFile bad(dir.filePath("bad.json"));
  ASSERT_TRUE(bad.open(QIODevice::WriteOnly));
  bad.write(R"({"format": "staccato-y1564-config", "services": [{"name": "x", "cir_mbps": "fast"}]})");
  bad.close();
  auto s = lab.page->form()->loadConfigFile(bad.fileName());
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().toString().find("services[0].cir_mbps"), std::string::npos) << s.error().toString();
  EXPECT_EQ(bench::y1564ConfigJson(*lab.page->form()->checkedConfig()), written) << "the fields are as they were";
  // A config that fails the check is not written.
  ASSERT_TRUE(lab.type(0, Field::kPcp, "9"));
  EXPECT_FALSE(lab.page->form()->saveConfigFile(dir.filePath("wrong.json")));
  EXPECT_FALSE(QFile::exists(dir.filePath("wrong.json")));
}

TEST(Y1564Page, SavesEveryReportFromTheRunsResult) {
  Lab lab({.lossFrom = 10, .lossTo = 12});
  lab.twoServices();
  ASSERT_TRUE(lab.page->run());
  ASSERT_TRUE(lab.waitFinished());
  QTemporaryDir dir;
  ASSERT_TRUE(lab.page->saveReports(dir.filePath("lab run.html"))) << lab.page->statusText().toStdString();
  for (const char* name : {"lab run.html", "lab run.json", "lab run.csv", "lab run.junit.xml"})
    EXPECT_GT(QFile(dir.filePath(name)).size(), 100) << name;
  auto back = bench::readY1564ResultFile(dir.filePath("lab run.json").toStdString());
  ASSERT_TRUE(back) << back.error().toString();
  EXPECT_EQ(bench::y1564ResultJson(*back), bench::y1564ResultJson(lab.page->y1564Run()->result()));
  EXPECT_EQ(back->performance.at(1).perSecond.size(), 60u);
  EXPECT_FALSE(lab.page->saveReports(dir.filePath("no/such/dir/x.html")));
  EXPECT_TRUE(lab.page->statusText().startsWith("Cannot save"));
}

TEST(Y1564Page, SaysWhyItCannotRun) {
  QSettings().remove("y1564");
  PortTreeModel tree;
  test::addLabPorts(tree);
  Y1564Page page(&tree);
  test::expectNoRunWithoutExecutor(page, "y1564Run");
  auto factory = std::make_shared<test::SimulatedY1564Factory>();
  page.setExecutorFactory(factory);
  EXPECT_EQ(page.statusText(), "");
  factory->failWith = "drone lab is not connected";
  EXPECT_FALSE(page.run());
  EXPECT_TRUE(page.statusText().contains("drone lab is not connected"));
  EXPECT_FALSE(page.y1564Run()->running());

  PortTreeModel empty;  // no drone: no port to send on
  Y1564Page alone(&empty);
  alone.setExecutorFactory(factory);
  factory->failWith.clear();
  EXPECT_FALSE(alone.run());
  EXPECT_TRUE(alone.statusText().contains("No port")) << alone.statusText().toStdString();
}

TEST(Y1564Page, TheMainWindowOpensItFromTools) {
  QSettings().remove("y1564");
  Workspace workspace;
  MainWindow window(&workspace);
  QAction* open = test::toolsAction(window, [](const QAction* a) { return a->text().startsWith("&Y.1564"); });
  ASSERT_NE(open, nullptr);
  window.setY1564ExecutorFactory(std::make_shared<test::SimulatedY1564Factory>());
  open->trigger();
  test::expectOpenedWithItsFactory(window.y1564Page(), "y1564Run");
}

}  // namespace
}  // namespace staccato::client
