// The RFC 2889 page driven like a user: the test chosen, its ports from the port tree, its
// settings typed in; Run on a worker thread against a model switch (a table of 1000 addresses, a
// fabric forwarding 40 % of the line rate), the table and the answer filled, the pairs of the
// trial at the throughput or the one selected; Stop keeps what was measured; a value out of range
// is refused naming its field; the result saved as JSON; the main window's Tools menu opens it.
#include <gtest/gtest.h>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>

#include "client/widgets/main_window.h"
#include "client/widgets/rfc2889_form.h"
#include "client/widgets/rfc2889_page.h"
#include "tests/client/benchmark/rfc2889_page_lab.h"
#include "tests/client/benchmark/tool_page_checks.h"

namespace staccato::client {
namespace {

using namespace std::chrono_literals;
using Trials = Rfc2889TrialsModel;
using Lab = test::Rfc2889PageLab;
using test::labPort;

TEST(Rfc2889Page, FindsTheAddressCachingCapacityTrialByTrial) {
  Lab lab;
  QAbstractItemModelTester trials(lab.page->trials(), QAbstractItemModelTester::FailureReportingMode::Fatal);
  lab.addressTest(Rfc2889Test::kCaching);
  ASSERT_TRUE(lab.type("LearningRate", "5000"));
  std::vector<QString> linesSeen;
  QObject::connect(lab.page->rfc2889Run(), &Rfc2889Run::trialDone, [&] { linesSeen.push_back(lab.page->stepText()); });
  ASSERT_TRUE(lab.page->run()) << lab.page->statusText().toStdString();
  EXPECT_FALSE(lab.button("rfc2889Run")->isEnabled());
  EXPECT_TRUE(lab.button("rfc2889Stop")->isEnabled());
  ASSERT_TRUE(lab.waitFinished());

  ASSERT_EQ(lab.factory->created, 1);
  const Rfc2889Setup& s = lab.factory->lastSetup;
  EXPECT_EQ(s.test, Rfc2889Test::kCaching);
  EXPECT_EQ(s.ports, (std::vector<PortRef>{labPort("eth1"), labPort("eth2"), labPort("eth3")}));
  EXPECT_EQ(s.address.agingSeconds, 0);
  EXPECT_EQ(s.address.testPps, 1000) << "the CLI's default";
  EXPECT_FALSE(s.address.freshAddressesEachTrial);
  EXPECT_EQ(s.caching.maxAddresses, 4096u);
  EXPECT_EQ(s.caching.resolution, 1u);
  EXPECT_EQ(s.caching.learningPps, 5000);

  const bench::Rfc2889AddressResult& r = lab.page->rfc2889Run()->addressResult();
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(r.learningPort, "eth1@unix:/run/lab.sock");
  EXPECT_EQ(r.monitorPort, "eth3@unix:/run/lab.sock");
  EXPECT_EQ(r.caching.capacity, 1000u);
  const int rows = lab.page->trials()->rowCount();
  ASSERT_EQ(rows, int(r.caching.trials.size()));
  ASSERT_EQ(linesSeen.size(), r.caching.trials.size()) << "a progress line per trial";
  EXPECT_EQ(linesSeen[0], "Trial 1: 4,096 addresses at 4.99 kfps: 4,096 forwarded, 3,096 flooded: 3,096 flooded to the "
                          "monitoring port: not every address learned");
  EXPECT_EQ(lab.cell(0, Trials::kAddresses), "4,096");
  EXPECT_EQ(lab.cell(0, Trials::kAskedRate), "5,000");
  EXPECT_EQ(lab.cell(0, Trials::kSentRate), "4,990");
  EXPECT_EQ(lab.cell(0, Trials::kFlooded), "3,096");
  EXPECT_EQ(lab.cell(0, Trials::kAddressVerdict), "FAIL");
  bool sawPass = false;
  for (int row = 0; row < rows; ++row) {
    const bool pass = lab.cell(row, Trials::kAddresses).remove(',').toULongLong() <= 1000;
    EXPECT_EQ(lab.cell(row, Trials::kAddressVerdict), pass ? "PASS" : "FAIL") << row;
    sawPass |= pass;
  }
  EXPECT_TRUE(sawPass);
  EXPECT_EQ(lab.cell(3, Trials::kAddressVerdict, Qt::ToolTipRole), "every address learned");
  EXPECT_NE(lab.page->trials()->index(0, Trials::kAddressVerdict).data(Qt::ForegroundRole),
            lab.page->trials()->index(3, Trials::kAddressVerdict).data(Qt::ForegroundRole)) << "FAIL is coloured apart from PASS";
  EXPECT_EQ(lab.page->answerText(), "Address caching capacity: 1000 addresses");
  EXPECT_EQ(lab.page->stepText(), QString("Done: %1 trials.").arg(rows));
  EXPECT_EQ(lab.page->pairsText(), "") << "an address test has no pairs";
  EXPECT_TRUE(lab.button("rfc2889Run")->isEnabled());
  EXPECT_TRUE(lab.button("rfc2889Save")->isEnabled());

  Rfc2889Page again(&lab.tree);  // the fields of the last run, remembered
  EXPECT_EQ(again.form()->test(), Rfc2889Test::kCaching);
  EXPECT_EQ(again.findChild<QLineEdit*>("rfc2889LearningRate")->text(), "5000");
  EXPECT_EQ(again.findChild<QLineEdit*>("rfc2889Aging")->text(), "0");
}

TEST(Rfc2889Page, FindsTheLearningRateAsSentWithFreshAddresses) {
  Lab lab({.learnPps = 20000});
  lab.addressTest(Rfc2889Test::kLearning);
  ASSERT_TRUE(lab.type("Addresses", "500"));
  ASSERT_TRUE(lab.page->run()) << lab.page->statusText().toStdString();
  ASSERT_TRUE(lab.waitFinished());
  const Rfc2889Setup& s = lab.factory->lastSetup;
  EXPECT_TRUE(s.address.freshAddressesEachTrial) << "as the CLI's learning test";
  EXPECT_EQ(s.learning.addresses, 500u);
  EXPECT_EQ(s.learning.minPps, 100);
  EXPECT_EQ(s.learning.maxPps, 100000);
  EXPECT_DOUBLE_EQ(s.learning.resolution, 0.01);
  const bench::Rfc2889AddressResult& r = lab.page->rfc2889Run()->addressResult();
  ASSERT_TRUE(r.complete()) << r.answer();
  EXPECT_LE(r.learning.ratePps, 20000);
  EXPECT_GT(r.learning.ratePps, 20000 * 0.98);
  EXPECT_EQ(lab.cell(0, Trials::kAskedRate), "100,000");
  EXPECT_EQ(lab.cell(0, Trials::kAddressVerdict), "FAIL");
  EXPECT_TRUE(lab.page->answerText().startsWith("Address learning rate: ")) << lab.page->answerText().toStdString();
  EXPECT_TRUE(lab.page->answerText().endsWith(" kfps")) << lab.page->answerText().toStdString();
}

TEST(Rfc2889Page, FullyMeshedShowsThePairsOfTheTrialAtTheThroughput) {
  Lab lab({.forwardShare = 0.4});
  lab.form()->setTest(Rfc2889Test::kMeshed);
  ASSERT_TRUE(lab.form()->portsBox()->chooseMeshedPorts({labPort("eth1"), labPort("eth2"), labPort("eth3"), labPort("eth4")}));
  ASSERT_TRUE(lab.type("Duration", "2"));
  QAbstractItemModelTester pairs(lab.page->pairs(), QAbstractItemModelTester::FailureReportingMode::Fatal);
  ASSERT_TRUE(lab.page->run()) << lab.page->statusText().toStdString();
  ASSERT_TRUE(lab.waitFinished());
  const Rfc2889Setup& s = lab.factory->lastSetup;
  EXPECT_EQ(s.ports.size(), 4u);
  EXPECT_EQ(s.throughput.maxLoad, 1.0);
  EXPECT_EQ(s.throughput.minLoad, 0.01);
  EXPECT_EQ(s.traffic.seconds, 2);
  EXPECT_EQ(s.traffic.size, bench::FrameSize::fixed(64));

  const bench::Rfc2889TrafficResult& r = lab.page->rfc2889Run()->trafficResult();
  ASSERT_TRUE(r.complete()) << r.answer();
  EXPECT_LE(r.search.throughput, 0.4);
  EXPECT_GT(r.search.throughput, 0.39);
  EXPECT_EQ(r.ports.size(), 4u);
  EXPECT_EQ(r.lineRateBps, test::kLabLineRate);
  EXPECT_EQ(lab.cell(0, Trials::kLoad), "100");
  EXPECT_EQ(lab.cell(0, Trials::kTrafficVerdict), "FAIL");
  EXPECT_TRUE(lab.cell(0, Trials::kTrafficVerdict, Qt::ToolTipRole).endsWith(" lost"));
  EXPECT_EQ(lab.cell(1, Trials::kLoad), "50");
  EXPECT_EQ(lab.cell(2, Trials::kLoad), "25");
  EXPECT_EQ(lab.cell(2, Trials::kTrafficVerdict), "PASS");
  EXPECT_TRUE(lab.page->answerText().startsWith("Fully meshed: throughput 39.")) << lab.page->answerText().toStdString();
  EXPECT_TRUE(lab.page->findChild<QLabel*>("rfc2889Detail")->text().startsWith("At 100 % (the heaviest load): "));

  ASSERT_EQ(lab.page->pairs()->rowCount(), 12) << "4 ports, every one to every other";
  const QString atThroughput = QString("Pairs of the trial at %1 % (the throughput)").arg(r.search.throughput * 100, 0, 'g', 4);
  EXPECT_EQ(lab.page->pairsText(), atThroughput);
  EXPECT_EQ(lab.pair(0, Rfc2889PairsModel::kFrom), "eth1");
  EXPECT_EQ(lab.pair(0, Rfc2889PairsModel::kTo), "eth2");
  EXPECT_EQ(lab.pair(0, Rfc2889PairsModel::kLost), "0");

  lab.page->trialsView()->setCurrentIndex(lab.page->trials()->index(0, 0));  // the 100 % trial
  EXPECT_EQ(lab.page->pairsText(), "Pairs of the trial at 100 % (selected)");
  EXPECT_EQ(lab.pair(11, Rfc2889PairsModel::kFrom), "eth4");
  EXPECT_EQ(lab.pair(11, Rfc2889PairsModel::kTo), "eth3");
  EXPECT_EQ(lab.pair(11, Rfc2889PairsModel::kSent), "992,063");  // 1,488,095 fps a port over 3 destinations, 2 s
  EXPECT_EQ(lab.pair(11, Rfc2889PairsModel::kReceived), "396,825");
  EXPECT_EQ(lab.pair(11, Rfc2889PairsModel::kLatency), "32.5");
  EXPECT_TRUE(lab.page->pairs()->index(11, 0).data(Qt::ForegroundRole).isValid()) << "a pair that lost is red";
}

TEST(Rfc2889Page, BroadcastCountsTheSendersFramesOnEveryReceiver) {
  Lab lab;
  lab.form()->setTest(Rfc2889Test::kBroadcast);
  ASSERT_TRUE(lab.form()->portsBox()->chooseSenderPorts(labPort("eth2"), {labPort("eth1"), labPort("eth3"), labPort("eth4")}));
  ASSERT_TRUE(lab.type("Load", "50"));
  ASSERT_TRUE(lab.type("Duration", "1"));
  ASSERT_TRUE(lab.page->run()) << lab.page->statusText().toStdString();
  ASSERT_TRUE(lab.waitFinished());
  EXPECT_EQ(lab.factory->lastSetup.ports.front(), labPort("eth2")) << "the sender first";
  EXPECT_EQ(lab.factory->lastSetup.trialLoad, 0.5);
  const bench::Rfc2889TrafficResult& r = lab.page->rfc2889Run()->trafficResult();
  EXPECT_EQ(r.pattern, bench::TrafficPattern::kBroadcast);
  EXPECT_EQ(r.settings.maxLoad, 0.5) << "the result file names the trial's load";
  ASSERT_EQ(lab.page->trials()->rowCount(), 1);
  EXPECT_EQ(lab.cell(0, Trials::kTrafficVerdict), "PASS");
  EXPECT_EQ(lab.page->pairs()->rowCount(), 3);
  EXPECT_EQ(lab.page->pairsText(), "Pairs of the trial at 50 % (the broadcast trial)");
  EXPECT_TRUE(lab.page->answerText().startsWith("Broadcast: broadcast at 50 %: ")) << lab.page->answerText().toStdString();
}

TEST(Rfc2889Page, ASettingOutOfRangeIsRefusedNamingItAndNothingRuns) {
  Lab lab;
  lab.form()->setTest(Rfc2889Test::kCaching);
  ASSERT_TRUE(lab.form()->portsBox()->chooseAddressPorts(labPort("eth1"), labPort("eth2"), labPort("eth3")));
  auto refused = [&](const char* field, const QString& text, const QString& status) {
    if (field) lab.type(field, text);
    EXPECT_FALSE(lab.page->run()) << field;
    EXPECT_EQ(lab.page->statusText().toStdString(), status.toStdString());
  };
  refused(nullptr, {}, "Aging (s): required, no default: how long the device keeps an address it no longer sees (a Linux "
                       "bridge's ageing_time; 300 s on most switches). Each trial waits this long first, so that it starts "
                       "with an empty table: give more than the device's");
  refused("Aging", "3601", "Aging (s): must be 0..3600");
  refused("Aging", "soon", "Aging (s): \"soon\" is not a number");
  lab.type("Aging", "300");
  refused("MaxAddresses", "0", "Max addresses: must be a whole number 1..16777216");
  refused("MaxAddresses", "10.5", "Max addresses: must be a whole number 1..16777216");
  lab.type("MaxAddresses", "64");
  refused("AddressResolution", "65", "Resolution (addresses): must be at most Max addresses (64)");
  lab.type("AddressResolution", "1");
  refused("TestRate", "0", "Test rate (fps): must be 1..1000000000");
  lab.type("TestRate", "1000");
  ASSERT_TRUE(lab.form()->portsBox()->chooseAddressPorts(labPort("eth1"), labPort("eth2"), labPort("eth1")));
  refused(nullptr, {}, "Ports: the learning, test and monitoring ports must be three different ports");
  ASSERT_TRUE(lab.form()->portsBox()->chooseAddressPorts(labPort("eth1"), labPort("eth2"), labPort("eth3")));

  lab.form()->setTest(Rfc2889Test::kLearning);
  refused("MinRate", "200000", "Max rate (fps): must be at least Min rate (200000)");
  refused("RateResolution", "0", "Resolution (%): must be 0.01..50");

  lab.form()->setTest(Rfc2889Test::kMeshed);
  ASSERT_TRUE(lab.form()->portsBox()->chooseMeshedPorts({labPort("eth1")}));
  refused(nullptr, {}, "Ports: tick 2..16 ports for a fully meshed test (1 ticked)");
  ASSERT_TRUE(lab.form()->portsBox()->chooseMeshedPorts({labPort("eth1"), labPort("eth2")}));
  refused("Load", "0", "Load (%): must be above 0, at most 100");
  refused("Load", "150", "Load (%): must be above 0, at most 100");
  lab.type("Load", "20");
  refused("MinLoad", "30", "Min load (%): must be at most Load (20 %)");
  lab.type("MinLoad", "1");
  refused("LoadResolution", "60", "Resolution (%): must be 1..50");
  lab.type("LoadResolution", "1");
  refused("Duration", "0.01", "Trial duration (s): must be 0.1..3600");
  lab.type("Duration", "1");
  refused("FrameSize", "32", "Frame size: frame size 32 is out of range (allowed 64..16384, FCS included)");
  EXPECT_EQ(lab.page->findChild<QLineEdit*>("rfc2889FrameSize")->selectedText(), "32") << "the field is shown";

  lab.form()->setTest(Rfc2889Test::kBroadcast);
  ASSERT_TRUE(lab.form()->portsBox()->chooseSenderPorts(labPort("eth1"), {labPort("eth1"), labPort("eth2")}));
  refused(nullptr, {}, "Receivers: the sender eth1@unix:/run/lab.sock cannot also receive: untick it");
  ASSERT_TRUE(lab.form()->portsBox()->chooseSenderPorts(labPort("eth1"), {}));
  refused(nullptr, {}, "Receivers: tick 1..15 ports besides the sender (0 ticked)");

  EXPECT_EQ(lab.factory->created, 0);
  EXPECT_FALSE(lab.page->rfc2889Run()->running());
  EXPECT_EQ(lab.page->trials()->rowCount(), 0);
  EXPECT_FALSE(lab.button("rfc2889Save")->isEnabled());

  lab.type("FrameSize", "imix");
  ASSERT_TRUE(lab.form()->portsBox()->chooseSenderPorts(labPort("eth1"), {labPort("eth2")}));
  ASSERT_TRUE(lab.page->run()) << lab.page->statusText().toStdString();
  ASSERT_TRUE(lab.waitFinished());
  EXPECT_EQ(lab.factory->lastSetup.traffic.size, bench::FrameSize::imix());
}

TEST(Rfc2889Page, StopKeepsTheTrialsMeasured) {
  Lab lab({.capacity = 3000, .trialTime = 40ms});
  lab.addressTest(Rfc2889Test::kCaching);
  ASSERT_TRUE(lab.type("MaxAddresses", "1000000"));
  ASSERT_TRUE(lab.page->run());
  QSignalSpy trials(lab.page->rfc2889Run(), &Rfc2889Run::trialDone);
  for (int i = 0; i < 10 && trials.count() < 2; ++i) trials.wait(5000);
  ASSERT_GE(trials.count(), 2);
  EXPECT_TRUE(lab.page->stepText().startsWith("Trial 2: ")) << lab.page->stepText().toStdString();
  lab.button("rfc2889Stop")->click();
  EXPECT_FALSE(lab.button("rfc2889Stop")->isEnabled());
  ASSERT_TRUE(lab.waitFinished());
  const bench::Rfc2889AddressResult& r = lab.page->rfc2889Run()->addressResult();
  EXPECT_TRUE(r.error.empty()) << r.error;
  EXPECT_FALSE(r.complete());
  EXPECT_GE(r.caching.trials.size(), 2u);
  EXPECT_LT(r.caching.trials.size(), 15u);
  EXPECT_EQ(lab.page->trials()->rowCount(), int(r.caching.trials.size()));
  EXPECT_TRUE(lab.page->answerText().startsWith("Address caching capacity: incomplete: stopped before the search ended"))
      << lab.page->answerText().toStdString();
  EXPECT_TRUE(lab.page->stepText().startsWith("Stopped after ")) << lab.page->stepText().toStdString();
  EXPECT_EQ(lab.page->statusText(), "Stopped.");
  EXPECT_TRUE(lab.button("rfc2889Save")->isEnabled());
}

TEST(Rfc2889Page, SavesTheResultFileTheCliWrites) {
  Lab lab({.forwardShare = 0.6});
  lab.form()->setTest(Rfc2889Test::kMeshed);
  ASSERT_TRUE(lab.form()->portsBox()->chooseMeshedPorts({labPort("eth1"), labPort("eth2"), labPort("eth3")}));
  ASSERT_TRUE(lab.type("Duration", "1"));
  ASSERT_TRUE(lab.page->run());
  ASSERT_TRUE(lab.waitFinished());
  QTemporaryDir dir;
  const QString path = dir.filePath("meshed run.json");
  ASSERT_TRUE(lab.page->saveResult(path)) << lab.page->statusText().toStdString();
  EXPECT_EQ(lab.page->statusText(), "Saved " + path);
  QFile file(path);
  ASSERT_TRUE(file.open(QIODevice::ReadOnly));
  const std::string text = file.readAll().toStdString();
  EXPECT_EQ(text, bench::rfc2889TrafficJson(lab.page->rfc2889Run()->trafficResult()));
  EXPECT_NE(text.find("\"format\": \"staccato-rfc2889-result\""), std::string::npos) << text.substr(0, 300);
  EXPECT_NE(text.find("\"test\": \"fully_meshed\""), std::string::npos);
  EXPECT_NE(text.find("\"generator\": \"staccato "), std::string::npos);
  EXPECT_FALSE(lab.page->saveResult(dir.filePath("no/such/dir/x.json")));
  EXPECT_TRUE(lab.page->statusText().startsWith("Cannot save"));
}

TEST(Rfc2889Page, SaysWhyItCannotRun) {
  QSettings().remove("rfc2889");
  PortTreeModel tree;
  test::addSwitchPorts(tree);
  Rfc2889Page page(&tree);
  test::expectNoRunWithoutExecutor(page, "rfc2889Run");
  auto factory = std::make_shared<test::ModelSwitchFactory>();
  page.setExecutorFactory(factory);
  EXPECT_EQ(page.statusText(), "");
  page.form()->setTest(Rfc2889Test::kMeshed);
  ASSERT_TRUE(page.form()->portsBox()->chooseMeshedPorts({labPort("eth1"), labPort("eth2")}));
  factory->failWith = "drone lab is not connected";
  EXPECT_FALSE(page.run());
  EXPECT_TRUE(page.statusText().contains("drone lab is not connected"));
  EXPECT_FALSE(page.rfc2889Run()->running());

  PortTreeModel empty;  // no drone: no port to send on
  Rfc2889Page alone(&empty);
  alone.setExecutorFactory(factory);
  factory->failWith.clear();
  alone.form()->setTest(Rfc2889Test::kBroadcast);
  EXPECT_FALSE(alone.run());
  EXPECT_EQ(alone.statusText(), "Ports: no port to send on: connect a drone first.");
}

TEST(Rfc2889Page, TheMainWindowOpensItFromTools) {
  QSettings().remove("rfc2889");
  Workspace workspace;
  MainWindow window(&workspace);
  QAction* open = test::toolsAction(window, [](const QAction* a) { return a->text().startsWith("&RFC 2889"); });
  ASSERT_NE(open, nullptr);
  window.setRfc2889ProbeFactory(std::make_shared<test::ModelSwitchFactory>());
  open->trigger();
  test::expectOpenedWithItsFactory(window.rfc2889Page(), "rfc2889Run");
  EXPECT_EQ(window.rfc2889Page()->windowTitle(), "RFC 2889 switch tests — Staccato");
}

}  // namespace
}  // namespace staccato::client
