// The Flows page (client/widgets/flows_*) against scripted drone sessions (fake_flow_session.h):
// a profile is read and shown or its error names the member; Run starts the servers, then the
// clients; the table, charts and progress fill from the readings; the run stops both sides at
// its end or on Stop; a failed start shows the drone's message and never leaves the servers
// running; ports may be on two drones; Tools > Flows… opens the page.
#include <gtest/gtest.h>

#include <QAction>
#include <QFile>
#include <QLabel>
#include <QProgressBar>
#include <QTableView>
#include <QTemporaryDir>

#include "client/core/flows/flow_verdict.h"
#include "client/models/flow_run_model.h"
#include "client/widgets/flows_charts.h"
#include "client/widgets/flows_page.h"
#include "client/widgets/flows_profile_box.h"
#include "client/widgets/main_window.h"
#include "client/widgets/port_picker.h"
#include "tests/client/gui/flows_fixture.h"

using namespace staccato;
using namespace staccato::client;
using namespace staccato::client::test;

namespace {

TEST_F(FlowsFixture, ProfileIsShownAsTheCliSaysIt) {
  ASSERT_TRUE(page->loadProfile(write("good.json", profileJson(3))));
  EXPECT_TRUE(page->profileBox()->errorText().isEmpty());
  EXPECT_TRUE(page->profileBox()->text().contains("get")) << page->profileBox()->text().toStdString();
  EXPECT_TRUE(page->profileBox()->text().contains("raw"));
  EXPECT_TRUE(page->profileBox()->text().contains("10.0.1.10"));
}

TEST_F(FlowsFixture, BadProfileShowsItsErrorWithTheMemberAndCannotRun) {
  ASSERT_FALSE(page->loadProfile(write("bad.json", profileJson(3, "5000"))));
  const QString error = page->profileBox()->errorText();
  EXPECT_TRUE(error.contains("templates[1].weight")) << error.toStdString();
  EXPECT_TRUE(error.contains("bad.json")) << error.toStdString();
  auto* label = page->findChild<QLabel*>("flowsProfileError");
  ASSERT_NE(label, nullptr);
  EXPECT_TRUE(label->isVisible());
  EXPECT_TRUE(label->styleSheet().contains("#b00020"));
  EXPECT_TRUE(page->profileBox()->text().isEmpty());
  EXPECT_FALSE(page->run());
  EXPECT_TRUE(drone->calls.isEmpty());
  EXPECT_FALSE(page->statusText().isEmpty());
}

TEST_F(FlowsFixture, RunStartsServersThenClientsFillsTableAndChartsAndStopsBothAtItsEnd) {
  ASSERT_TRUE(page->loadProfile(write("good.json", profileJson(3))));
  page->flowsRun()->setPollMs(150);  // slow enough to look at the run while it goes on
  ASSERT_TRUE(page->run());
  EXPECT_TRUE(page->flowsRun()->running());
  ASSERT_TRUE(waitFor([&] { return page->flowsRun()->model()->rowCount() > 0; }, 10));
  EXPECT_TRUE(page->stepText().startsWith("Running")) << page->stepText().toStdString();
  EXPECT_GT(page->progressBar()->value(), 0);
  EXPECT_LT(page->progressBar()->value(), page->progressBar()->maximum());
  EXPECT_EQ(drone->calls.mid(0, 2), QStringList({"StartFlows server b", "StartFlows client a"}));
  ASSERT_TRUE(finished());

  // The run ended by itself after 5 readings of one second: both sides stopped, clients first.
  EXPECT_EQ(drone->calls, QStringList({"StartFlows server b", "StartFlows client a", "StopFlows a", "StopFlows b"}));
  FlowRunModel* m = page->flowsRun()->model();
  ASSERT_EQ(m->rowCount(), 3) << "two templates and all";
  EXPECT_EQ(cell(0, FlowRunModel::kTemplate), "get");
  EXPECT_EQ(cell(1, FlowRunModel::kTemplate), "raw");
  EXPECT_EQ(cell(2, FlowRunModel::kTemplate), "all");
  EXPECT_EQ(cell(0, FlowRunModel::kAttempted), "500");
  EXPECT_EQ(cell(2, FlowRunModel::kAttempted), "1,000");
  EXPECT_EQ(cell(2, FlowRunModel::kRefused), "10");
  EXPECT_EQ(cell(2, FlowRunModel::kConnectionsPerSecond), "200.0") << "over the whole run once it ended";
  EXPECT_EQ(cell(0, FlowRunModel::kFirstByteP99), "0.400");
  EXPECT_EQ(cell(2, FlowRunModel::kUp), "160 kbit/s") << "10,000 B a second from each template";
  // Charts: a point a reading.
  ASSERT_TRUE(waitFor([&] { return page->charts()->pointCount(FlowSeries::kConnectionsPerSecond) == 5; }, 5));
  const QList<QPointF>& rate = page->flowsRun()->series()->points(FlowSeries::kConnectionsPerSecond);
  EXPECT_EQ(rate.back(), QPointF(5, 200));
  EXPECT_EQ(page->flowsRun()->series()->points(FlowSeries::kFailuresPerSecond).back().y(), 2);
  const double connectP99 = page->flowsRun()->series()->points(FlowSeries::kConnectP99).back().y();
  EXPECT_NEAR(connectP99, 0.2, 0.004) << "the last second's connections alone (0.2 ms), not the run's";
  // Verdict, the CLI's words; the servers' counts.
  EXPECT_EQ(page->verdictText().toStdString(), flowVerdictLine(m->client()));
  EXPECT_TRUE(page->verdictText().startsWith("10 of 1000 connections failed (refused 10)"));
  EXPECT_TRUE(page->warningText().isEmpty()) << page->warningText().toStdString();
  EXPECT_EQ(page->progressBar()->value(), page->progressBar()->maximum());
  EXPECT_TRUE(page->serverText().contains("1,000 accepted")) << page->serverText().toStdString();
  EXPECT_TRUE(page->stepText().startsWith("Done")) << page->stepText().toStdString();
  // Saved as the CLI's --json.
  ASSERT_TRUE(page->saveResults(dir.filePath("run.json")));
  QFile saved(dir.filePath("run.json"));
  ASSERT_TRUE(saved.open(QIODevice::ReadOnly));
  const QByteArray json = saved.readAll();
  EXPECT_TRUE(json.contains("\"profile\"") && json.contains("\"client\"") && json.contains("\"server\""));
}

TEST_F(FlowsFixture, StopStopsBothSidesAndSaysTheRunIsIncomplete) {
  ASSERT_TRUE(page->loadProfile(write("long.json", profileJson(600))));
  ASSERT_TRUE(page->run());
  ASSERT_TRUE(waitFor([&] { return page->flowsRun()->model()->hasClient() && page->flowsRun()->model()->client().elapsed_ns() >= 3e9; }));
  page->stop();
  ASSERT_TRUE(finished());
  ASSERT_GE(drone->calls.size(), 4);
  EXPECT_EQ(drone->calls.mid(drone->calls.size() - 2), QStringList({"StopFlows a", "StopFlows b"}));
  EXPECT_TRUE(page->warningText().contains("Incomplete")) << page->warningText().toStdString();
  EXPECT_TRUE(page->stepText().startsWith("Stopped")) << page->stepText().toStdString();
  EXPECT_LT(page->progressBar()->value(), page->progressBar()->maximum());
  EXPECT_FALSE(page->verdictText().isEmpty());
}

TEST_F(FlowsFixture, FailedClientStartShowsTheDronesMessageAndStopsTheServers) {
  ASSERT_TRUE(page->loadProfile(write("good.json", profileJson(3))));
  drone->failStart = "port a: the clients' gateway 10.0.0.1 is not on 10.0.0.10/24's link";
  drone->failRole = v1::FLOW_CLIENT;
  ASSERT_TRUE(page->run());
  ASSERT_TRUE(finished());
  EXPECT_EQ(drone->calls, QStringList({"StartFlows server b", "StartFlows client a", "StopFlows b"}));
  EXPECT_TRUE(page->statusText().contains("the clients' gateway 10.0.0.1 is not on")) << page->statusText().toStdString();
  EXPECT_TRUE(page->findChild<QLabel*>("flowsStatus")->styleSheet().contains("#b00020"));
  EXPECT_TRUE(page->verdictText().isEmpty());
  EXPECT_FALSE(page->flowsRun()->running());
  EXPECT_TRUE(page->findChild<QWidget*>("flowsRun")->isEnabled()) << "ready to run again";
}

TEST_F(FlowsFixture, FailedServerStartStartsNoClients) {
  ASSERT_TRUE(page->loadProfile(write("good.json", profileJson(3))));
  drone->failStart = "port b is reserved by another client";
  drone->failRole = v1::FLOW_SERVER;
  ASSERT_TRUE(page->run());
  ASSERT_TRUE(finished());
  EXPECT_EQ(drone->calls, QStringList({"StartFlows server b"}));
  EXPECT_TRUE(page->statusText().contains("port b is reserved by another client")) << page->statusText().toStdString();
}

TEST_F(FlowsFixture, TheTestersOwnLimitsAreSaidApartFromTheDevicesFailures) {
  ASSERT_TRUE(page->loadProfile(write("good.json", profileJson(3))));
  drone->refusedPerSecond = 0;
  drone->testerPerSecond = 4;
  ASSERT_TRUE(page->run());
  ASSERT_TRUE(finished());
  EXPECT_EQ(cell(2, FlowRunModel::kTester), "40");
  EXPECT_EQ(cell(2, FlowRunModel::kRefused), "0");
  EXPECT_TRUE(page->verdictText().startsWith("0 of 1000 connections failed; 40 could not be opened for the tester's own limits"))
      << page->verdictText().toStdString();
  EXPECT_TRUE(page->warningText().contains("Tester-limited")) << page->warningText().toStdString();
  EXPECT_FALSE(page->warningText().contains("Incomplete")) << "it ran to its end";
  EXPECT_TRUE(page->findChild<QLabel*>("flowsVerdict")->styleSheet().contains("#8a5a00")) << "amber, not green";
  EXPECT_EQ(page->flowsRun()->series()->points(FlowSeries::kTesterPerSecond).back().y(), 8) << "4 a template a second";
  EXPECT_EQ(page->flowsRun()->series()->points(FlowSeries::kFailuresPerSecond).back().y(), 0);
}

TEST_F(FlowsFixture, SamePortForBothSidesIsRefused) {
  ASSERT_TRUE(page->loadProfile(write("good.json", profileJson(3))));
  ASSERT_TRUE(page->serverPort()->choose({key, "a"}));
  EXPECT_FALSE(page->run());
  EXPECT_TRUE(drone->calls.isEmpty());
}

TEST(FlowsPage, ClientsAndServersOnTwoDrones) {
  QTemporaryDir dir;
  Workspace workspace;
  auto* one = new FakeFlowSession("one", {"p1"});
  auto* two = new FakeFlowSession("two", {"p2"});
  const QString k1 = workspace.addSession(std::unique_ptr<DroneSession>(one));
  const QString k2 = workspace.addSession(std::unique_ptr<DroneSession>(two));
  FlowsPage page(&workspace);
  page.flowsRun()->setPollMs(10);
  ASSERT_TRUE(waitFor([&] { return page.serverPort()->count() == 2; }));
  ASSERT_TRUE(page.clientPort()->choose({k1, "p1"}));
  ASSERT_TRUE(page.serverPort()->choose({k2, "p2"}));
  QFile f(dir.filePath("p.json"));
  ASSERT_TRUE(f.open(QIODevice::WriteOnly));
  f.write(profileJson(2).toUtf8());
  f.close();
  ASSERT_TRUE(page.loadProfile(f.fileName()));
  ASSERT_TRUE(page.run());
  ASSERT_TRUE(waitFor([&] { return !page.flowsRun()->running(); }, 10));
  EXPECT_EQ(one->calls, QStringList({"StartFlows client p1", "StopFlows p1"}));
  EXPECT_EQ(two->calls, QStringList({"StartFlows server p2", "StopFlows p2"}));
  EXPECT_TRUE(page.verdictText().contains("connections failed"));
}

TEST(FlowsPage, ToolsMenuOpensIt) {
  Workspace workspace;
  workspace.addSession(std::make_unique<FakeFlowSession>("lab", std::vector<std::string>{"a", "b"}));
  MainWindow window(&workspace);
  QAction* open = nullptr;
  for (QAction* a : window.findChildren<QAction*>())
    if (a->text().remove('&') == "Flows…") open = a;
  ASSERT_NE(open, nullptr);
  open->trigger();
  FlowsPage* page = window.flowsPage();
  ASSERT_NE(page, nullptr);
  EXPECT_TRUE(page->isVisible());
  EXPECT_EQ(page->windowTitle(), "Flows — Staccato");
}

}  // namespace
