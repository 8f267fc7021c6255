// The Flows page's RFC 9411 search (client/widgets/flows_search*, FlowSearchTrialsModel) against
// a scripted drone session whose device refuses connections above a load (fake_flow_session.h):
// the search finds the device's limit within the resolution, one trial after another without
// the GUI waiting; Stop ends the trial running (not judged) and the search with what passed
// before it; a trial the tester could not offer ends it incomplete, said to be the tester's
// limit; bad settings are refused naming the field, before any drone call.
#include <gtest/gtest.h>

#include <QLabel>
#include <QLineEdit>
#include <QTableView>

#include "client/models/flow_search_trials_model.h"
#include "client/widgets/flows_search_box.h"
#include "client/widgets/flows_search_view.h"
#include "tests/client/gui/flows_fixture.h"

using namespace staccato;
using namespace staccato::client;
using namespace staccato::client::test;

namespace {

struct FlowsSearchFixture : FlowsFixture {
  void SetUp() override {
    FlowsFixture::SetUp();
    ASSERT_TRUE(page->loadProfile(write("good.json", profileJson(3))));
    page->searchBox()->setChecked(true);
  }
  void set(FlowsSearchBox::Field f, const QString& text) { page->searchBox()->field(f)->setText(text); }
  /// Low, High, Resolution (%) and each trial's steady seconds.
  void settings(const QString& low, const QString& high, const QString& resolution, const QString& seconds = "1") {
    set(FlowsSearchBox::kLow, low);
    set(FlowsSearchBox::kHigh, high);
    set(FlowsSearchBox::kResolution, resolution);
    set(FlowsSearchBox::kTrialSeconds, seconds);
  }
  bool searchOver(double seconds = 30) {
    return waitFor([&] { return !page->flowsSearch()->running(); }, seconds);
  }
  QString trialCell(int row, int column) { return page->flowsSearch()->model()->index(row, column).data().toString(); }
  QString headline() { return page->searchView()->headlineText(); }
  /// Every side started was stopped.
  void expectEverySideStopped() {
    EXPECT_EQ(drone->calls.filter("StartFlows").size(), drone->calls.filter("StopFlows").size()) << drone->calls.join(", ").toStdString();
    EXPECT_FALSE(page->flowsRun()->running());
  }
};

TEST_F(FlowsSearchFixture, ProfileFillsTheSearchFromItsTarget) {
  EXPECT_TRUE(page->searchBox()->byRate());
  EXPECT_EQ(page->searchBox()->field(FlowsSearchBox::kHigh)->text(), "200");
  EXPECT_EQ(page->searchBox()->field(FlowsSearchBox::kLow)->text(), "20");
  EXPECT_EQ(page->searchBox()->field(FlowsSearchBox::kTrialSeconds)->text(), "3");
  QString concurrent = profileJson(7);
  concurrent.replace(R"("connections_per_second": 200)", R"("concurrent": 3000)");
  ASSERT_TRUE(page->loadProfile(write("concurrent.json", concurrent)));
  EXPECT_FALSE(page->searchBox()->byRate());
  EXPECT_EQ(page->searchBox()->field(FlowsSearchBox::kHigh)->text(), "3000");
  EXPECT_EQ(page->searchBox()->field(FlowsSearchBox::kLow)->text(), "300");
  EXPECT_EQ(page->searchBox()->field(FlowsSearchBox::kTrialSeconds)->text(), "7");
  EXPECT_TRUE(page->searchView()->isVisible());
  page->searchBox()->setChecked(false);
  EXPECT_FALSE(page->searchView()->isVisible()) << "one run: no search table";
}

TEST_F(FlowsSearchFixture, FindsTheDevicesConnectionLimitWithinTheResolution) {
  // The device refuses connections above 230 connections/s.
  drone->refusedFor = [](const v1::FlowLoad& l) { return l.connections_per_second() > 230 ? 3 : 0; };
  settings("10", "400", "5");
  ASSERT_TRUE(page->run());
  EXPECT_TRUE(page->flowsSearch()->running()) << "the search goes on after Run returns: the GUI does not wait";
  EXPECT_FALSE(page->run()) << "one search at a time";
  ASSERT_TRUE(searchOver());

  const FlowSearchResult& r = page->flowsSearch()->result();
  EXPECT_TRUE(r.complete) << r.why;
  EXPECT_FALSE(r.atLeast);
  EXPECT_LE(r.found, 230);
  EXPECT_GE(r.found, 230 * 0.95);
  ASSERT_GE(drone->clientLoads.size(), 3u);
  EXPECT_EQ(drone->clientLoads[0].connections_per_second(), 400) << "the top first";
  EXPECT_EQ(drone->clientLoads[1].connections_per_second(), 10) << "then the bottom";
  EXPECT_EQ(drone->clientLoads[0].steady_seconds(), 1) << "each trial's steady phase as set";
  EXPECT_EQ(drone->clientLoads.size(), r.trials.size());
  expectEverySideStopped();

  // Every trial a row: its load, how it went and why, what the clients achieved.
  FlowSearchTrialsModel* m = page->flowsSearch()->model();
  ASSERT_EQ(m->rowCount(), int(r.trials.size()));
  EXPECT_EQ(trialCell(0, FlowSearchTrialsModel::kLoad), "400");
  EXPECT_EQ(trialCell(0, FlowSearchTrialsModel::kResult), "failed");
  EXPECT_TRUE(trialCell(0, FlowSearchTrialsModel::kWhy).startsWith("18 of 600 failed")) << trialCell(0, FlowSearchTrialsModel::kWhy).toStdString();
  EXPECT_EQ(trialCell(1, FlowSearchTrialsModel::kResult), "passed");
  // Three readings of two templates, 100 established each, over the trial's 1 s steady phase (the
  // fake counts every second in it).
  EXPECT_EQ(trialCell(1, FlowSearchTrialsModel::kAchieved).toStdString(), "600.0");
  EXPECT_EQ(m->index(1, FlowSearchTrialsModel::kResult).data(Qt::ForegroundRole).value<QBrush>().color(), QColor("#1b7f3b"));
  const QString found = QString::number(r.found);
  EXPECT_EQ(headline(), "Connections per second: " + found) << headline().toStdString();
  EXPECT_TRUE(page->searchView()->detailText().startsWith("passes at " + found)) << page->searchView()->detailText().toStdString();
  EXPECT_TRUE(page->stepText().startsWith(QString("Search over after %1 trials").arg(r.trials.size()))) << page->stepText().toStdString();
  EXPECT_TRUE(page->statusText().startsWith("Done")) << page->statusText().toStdString();

  // Save writes the reports the CLI writes (flow_search_report.h): HTML, CSV and JUnit XML.
  ASSERT_TRUE(page->saveResults(dir.filePath("search.html"))) << page->statusText().toStdString();
  for (const char* name : {"search.html", "search.csv", "search.junit.xml"}) {
    QFile f(dir.filePath(name));
    ASSERT_TRUE(f.open(QIODevice::ReadOnly)) << name;
    EXPECT_TRUE(f.readAll().contains("400")) << name << ": the top trial's load";
  }
  QFile html(dir.filePath("search.html"));
  ASSERT_TRUE(html.open(QIODevice::ReadOnly));
  EXPECT_TRUE(html.readAll().contains(("connections per second: " + found).toUtf8()));
}

TEST_F(FlowsSearchFixture, AConcurrencySearchChangesTheConcurrentTarget) {
  // The device refuses connections past 300 open at once.
  drone->refusedFor = [](const v1::FlowLoad& l) { return l.concurrent() > 300 ? 2 : 0; };
  page->searchBox()->setByRate(false);
  settings("100", "400", "2");
  ASSERT_TRUE(page->run());
  ASSERT_TRUE(searchOver());
  const FlowSearchResult& r = page->flowsSearch()->result();
  EXPECT_TRUE(r.complete) << r.why;
  EXPECT_LE(r.found, 300);
  EXPECT_GE(r.found, 300 * 0.98);
  for (const v1::FlowLoad& l : drone->clientLoads) EXPECT_EQ(l.target_case(), v1::FlowLoad::kConcurrent);
  EXPECT_EQ(drone->clientLoads[0].concurrent(), 400u);
  EXPECT_EQ(headline().toStdString(), "Concurrent connections: " + QString::number(r.found).toStdString());
  FlowSearchTrialsModel* m = page->flowsSearch()->model();
  EXPECT_EQ(m->headerData(FlowSearchTrialsModel::kLoad, Qt::Horizontal).toString(), "Load\nconcurrent");
  EXPECT_FALSE(page->searchView()->table()->isColumnHidden(FlowSearchTrialsModel::kMostOpen));
  EXPECT_EQ(trialCell(0, FlowSearchTrialsModel::kMostOpen).toStdString(), "4") << "two templates, 2 open each";
}

TEST_F(FlowsSearchFixture, ATopThatPassesIsAtLeastIt) {
  drone->refusedPerSecond = 0;
  settings("10", "400", "5");
  ASSERT_TRUE(page->run());
  ASSERT_TRUE(searchOver());
  EXPECT_EQ(page->flowsSearch()->model()->rowCount(), 1);
  EXPECT_EQ(headline(), "Connections per second: at least 400");
  EXPECT_TRUE(page->searchView()->table()->isColumnHidden(FlowSearchTrialsModel::kMostOpen)) << "a connections/s search";
}

TEST_F(FlowsSearchFixture, StopEndsTheRunningTrialUnjudgedAndTheSearchWithWhatPassedBefore) {
  drone->refusedFor = [](const v1::FlowLoad& l) { return l.connections_per_second() > 230 ? 3 : 0; };
  settings("10", "400", "1", "30");  // trials long enough to stop one
  ASSERT_TRUE(page->run());
  // Stop in the third trial, once it runs: the top failed, the bottom passed.
  ASSERT_TRUE(waitFor([&] { return page->flowsSearch()->trialNumber() == 3 && page->flowsRun()->model()->hasClient(); }, 30));
  page->stop();
  ASSERT_TRUE(searchOver());

  FlowSearchTrialsModel* m = page->flowsSearch()->model();
  ASSERT_EQ(m->rowCount(), 3) << "no trial after Stop";
  EXPECT_EQ(drone->clientLoads.size(), 3u);
  EXPECT_EQ(trialCell(2, FlowSearchTrialsModel::kResult), "stopped");
  EXPECT_EQ(trialCell(2, FlowSearchTrialsModel::kWhy), "stopped before its end: not judged");
  const FlowSearchResult& r = page->flowsSearch()->result();
  ASSERT_EQ(r.trials.size(), 3u);
  EXPECT_TRUE(r.trials[2].outcome.stopped) << "not judged: the search ends there, as the CLI's";
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.found, 10);
  EXPECT_EQ(headline().toStdString(), "Incomplete: stopped on request; 10 connections/s passed so far");
  EXPECT_TRUE(page->searchView()->detailText().startsWith("stopped on request at")) << page->searchView()->detailText().toStdString();
  EXPECT_EQ(page->statusText(), "Stopped.");
  expectEverySideStopped();
  EXPECT_TRUE(page->run()) << "a new search may start";
  ASSERT_TRUE(waitFor([&] { return page->flowsSearch()->model()->rowCount() == 1; }));
  page->stop();
  ASSERT_TRUE(searchOver());
}

TEST_F(FlowsSearchFixture, ATrialTheTesterCouldNotOfferEndsItIncompleteAsTheTestersLimit) {
  // The device passes everything; the tester cannot open connections above 300/s.
  drone->refusedPerSecond = 0;
  drone->testerFor = [](const v1::FlowLoad& l) { return l.connections_per_second() > 300 ? 4 : 0; };
  settings("10", "400", "5");
  ASSERT_TRUE(page->run());
  ASSERT_TRUE(searchOver());

  const FlowSearchResult& r = page->flowsSearch()->result();
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.found, 0) << "the top was not offered: nothing judged";
  ASSERT_EQ(page->flowsSearch()->model()->rowCount(), 1);
  EXPECT_EQ(trialCell(0, FlowSearchTrialsModel::kResult), "not judged");
  EXPECT_TRUE(trialCell(0, FlowSearchTrialsModel::kWhy).contains("could not be opened for the tester's own limits"))
      << trialCell(0, FlowSearchTrialsModel::kWhy).toStdString();
  EXPECT_TRUE(headline().startsWith("Incomplete: the tester's limit, not the device's, ended the search")) << headline().toStdString();
  const QString detail = page->searchView()->detailText();
  EXPECT_TRUE(detail.startsWith("The tester limited trial 1 at 400 connections/s")) << detail.toStdString();
  EXPECT_TRUE(detail.contains("the device's limit is not known")) << detail.toStdString();
  EXPECT_TRUE(page->findChild<QLabel*>("flowsSearchHeadline")->styleSheet().contains("#8a5a00")) << "amber, not green";
  EXPECT_TRUE(page->statusText().startsWith("The search is incomplete")) << page->statusText().toStdString();
  expectEverySideStopped();
}

TEST_F(FlowsSearchFixture, AFailedStartEndsItIncompleteWithTheDronesMessage) {
  drone->failStart = "port a is reserved by another client";
  settings("10", "400", "5");
  ASSERT_TRUE(page->run());
  ASSERT_TRUE(searchOver());
  EXPECT_EQ(trialCell(0, FlowSearchTrialsModel::kResult), "not judged");
  EXPECT_TRUE(trialCell(0, FlowSearchTrialsModel::kWhy).contains("port a is reserved by another client"));
  EXPECT_TRUE(headline().startsWith("Incomplete")) << headline().toStdString();
  EXPECT_EQ(drone->calls, QStringList({"StartFlows server b", "StartFlows client a", "StopFlows b"})) << "no second trial";
}

TEST_F(FlowsSearchFixture, BadSettingsAreRefusedNamingTheFieldBeforeAnyCall) {
  struct Case {
    FlowsSearchBox::Field field;
    QString text, message;
  };
  const Case cases[] = {
      {FlowsSearchBox::kLow, "500", "Low (connections/s): must be at most High (200)"},
      {FlowsSearchBox::kHigh, "lots", "High (connections/s): 'lots' is not a number in [1, 1e+07]"},
      {FlowsSearchBox::kHigh, "0", "High (connections/s): '0' is not a number in [1, 1e+07]"},
      {FlowsSearchBox::kResolution, "0", "Resolution (%): '0' is not a number in [0.1, 50]"},
      {FlowsSearchBox::kMaxFailureRatio, "5", "Max failure ratio: '5' is not a number in [0, 1]"},
      {FlowsSearchBox::kMaxLatency, "-1", "Max latency (ms): '-1' is not a number in [0, 600000]"},
      {FlowsSearchBox::kTrialSeconds, "", "Trial duration (s): '' is not a number in [0.1, 604800]"},
  };
  for (const Case& c : cases) {
    const QString good = page->searchBox()->field(c.field)->text();
    set(c.field, c.text);
    EXPECT_FALSE(page->run()) << c.text.toStdString();
    EXPECT_EQ(page->statusText().toStdString(), c.message.toStdString());
    set(c.field, good);
  }
  page->searchBox()->setByRate(false);
  set(FlowsSearchBox::kLow, "10.5");
  EXPECT_FALSE(page->run());
  EXPECT_EQ(page->statusText().toStdString(), "Low (concurrent): must be a whole number of connections");
  EXPECT_TRUE(drone->calls.isEmpty());
  EXPECT_FALSE(page->flowsSearch()->running());
}

}  // namespace
