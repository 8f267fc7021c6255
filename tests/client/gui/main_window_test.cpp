// The main window through drones of fake ports (the real drone service in the test
// process): ports appear, streams are edited, applied, started, stats and charts update; errors
// from the drone reach the user; stats are recorded and shown again.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <csignal>

#include <QAction>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTreeView>
#include <QUndoStack>

#include "client/widgets/latency_histogram_chart.h"
#include "client/widgets/log_pane.h"
#include "client/widgets/main_window.h"
#include "client/widgets/recording_actions.h"
#include "client/widgets/recording_viewer.h"
#include "client/widgets/stats_charts.h"
#include "client/widgets/stream_table.h"
#include "common/files/stream_file.h"
#include "tests/client/gui/fake_lab.h"

using namespace staccato;
using namespace staccato::client;
using namespace staccato::client::test;

namespace {

QAction* action(QWidget& w, const QString& text) {
  for (QAction* a : w.findChildren<QAction*>())
    if (a->text().remove('&') == text) return a;
  return nullptr;
}

struct GuiFixture : ::testing::Test {
  FakeLab lab;
  Workspace workspace;
  std::unique_ptr<MainWindow> window;
  DroneSession* drone = nullptr;
  QString key;

  void SetUp() override {
    auto session = lab.connect("lab");
    drone = session.get();
    key = workspace.addSession(std::move(session), 100);
    window = std::make_unique<MainWindow>(&workspace);
    window->show();
    ASSERT_TRUE(waitFor([&] { return window->currentPort().has_value(); })) << "the first port is selected";
    ASSERT_TRUE(waitFor([&] { return window->streamTable()->streamList() != nullptr; }));
  }
  StreamListModel* list() { return window->streamTable()->streamList(); }
  bool bannerVisible() { return window->findChild<QWidget*>("dirtyBox")->isVisible(); }
};

TEST_F(GuiFixture, FirstPortIsShownAndTreeListsBothPorts) {
  EXPECT_EQ(window->currentPort()->port, "a");
  auto* tree = workspace.portTree();
  const QModelIndex droneRow = tree->index(0, 0);
  EXPECT_EQ(tree->rowCount(droneRow), 2);
  EXPECT_TRUE(window->findChild<QLabel*>("streamHeader")->text().contains("a"));
}

TEST_F(GuiFixture, AddApplyMarksCleanAndDroneHasTheStreams) {
  window->streamTable()->actions().add->trigger();
  ASSERT_EQ(list()->rowCount(), 1);
  EXPECT_TRUE(list()->isDirty());
  EXPECT_TRUE(bannerVisible()) << "unapplied changes are visible";
  window->findChild<QPushButton*>("applyButton")->click();
  ASSERT_TRUE(waitFor([&] { return !list()->isDirty(); }));
  EXPECT_FALSE(bannerVisible());
  bool got = false;
  drone->getStreams("a", [&](const Result<std::vector<v1::Stream>>& r) {
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(r->size(), 1u);
    EXPECT_EQ((*r)[0].SerializeAsString(), list()->stream(0).SerializeAsString());
    got = true;
  });
  ASSERT_TRUE(waitFor([&] { return got; }));
}

TEST_F(GuiFixture, RefusedApplyStaysDirtyAndNamesTheField) {
  window->streamTable()->actions().add->trigger();
  v1::Stream bad = list()->stream(0);
  (*bad.mutable_layers(1)->mutable_fields())["ip.ttl"] = "300";
  list()->replaceStream(0, bad);
  action(*window, "Apply")->trigger();
  ASSERT_TRUE(waitFor([&] { return window->logPane()->text().contains("refused"); }));
  EXPECT_TRUE(window->logPane()->text().contains("ip.ttl")) << window->logPane()->text().toStdString();
  EXPECT_TRUE(list()->isDirty()) << "nothing was applied, so the list still differs from the drone";
  const QModelIndex refused = list()->index(0, StreamListModel::kName);
  EXPECT_TRUE(refused.data(Qt::BackgroundRole).isValid()) << "the refused stream is marked";
  EXPECT_TRUE(refused.data(Qt::ToolTipRole).toString().contains("ip.ttl"));
  list()->setEnabled({0}, false);  // any edit clears the mark
  EXPECT_FALSE(refused.data(Qt::BackgroundRole).isValid());
}

TEST_F(GuiFixture, UndoRedoThroughTheWindowActions) {
  window->streamTable()->actions().add->trigger();
  window->streamTable()->actions().add->trigger();
  ASSERT_EQ(list()->rowCount(), 2);
  QAction* undo = action(*window, "Undo Add stream");
  if (!undo)  // the undo action's text names the command; find it by shortcut instead
    for (QAction* a : window->findChildren<QAction*>())
      if (a->shortcut() == QKeySequence(QKeySequence::Undo)) undo = a;
  ASSERT_NE(undo, nullptr);
  undo->trigger();
  EXPECT_EQ(list()->rowCount(), 1);
  list()->undoStack()->redo();
  EXPECT_EQ(list()->rowCount(), 2);
}

TEST_F(GuiFixture, StartRunsStatsIntoTablesAndCharts) {
  window->streamTable()->actions().add->trigger();
  action(*window, "Start")->trigger();  // applies the unapplied stream first
  ASSERT_TRUE(waitFor([&] { return !list()->isDirty(); }));
  ASSERT_TRUE(waitFor([&] { return workspace.streamStats()->rowCount() > 0; }));
  const v1::StreamStats* row = workspace.streamStats()->rowStats(0);
  ASSERT_NE(row, nullptr);
  ASSERT_TRUE(waitFor([&] { return workspace.streamStats()->rowStats(0)->rx_packets() > 0; }));
  EXPECT_EQ(workspace.streamStats()->rowStats(0)->tx_port(), "a");
  ASSERT_TRUE(waitFor([&] { return window->charts()->ratePointCount() > 0; })) << "a chart series receives points";
  action(*window, "Stop")->trigger();
  ASSERT_TRUE(waitFor([&] { return !drone->ports()[0].transmitting(); }));
  // The latency histogram draws the drone's buckets: every packet the stream received.
  const LatencyHistogramChart* histogram = window->charts()->histogram();
  ASSERT_TRUE(waitFor([&] {
    const v1::StreamStats* r = workspace.streamStats()->rowStats(0);
    return r && r->rx_packets() > 0 && histogram->drawnCount() == r->rx_packets();
  })) << histogram->drawnCount() << " packets drawn";
  EXPECT_FALSE(histogram->stepPoints().isEmpty());
  EXPECT_EQ(histogram->markerNames().size(), 3);
  QTemporaryDir dir;
  EXPECT_TRUE(window->charts()->exportPng(dir.filePath("charts.png")));
}

TEST_F(GuiFixture, CopyPasteBetweenPortsGetsFreshIds) {
  window->streamTable()->actions().add->trigger();
  window->streamTable()->selectRow(0);
  window->streamTable()->actions().copy->trigger();
  window->selectPort({key, "b"});
  ASSERT_TRUE(waitFor([&] { return window->currentPort()->port == "b"; }));
  window->streamTable()->actions().paste->trigger();
  ASSERT_EQ(list()->rowCount(), 1);
  window->streamTable()->actions().paste->trigger();
  ASSERT_EQ(list()->rowCount(), 2);
  EXPECT_NE(list()->stream(0).id(), list()->stream(1).id());
}

TEST_F(GuiFixture, LoadingAStreamFileIsOneUndoStepAndBadFilesAreRefused) {
  QTemporaryDir dir;
  v1::StreamFile file;
  for (int i = 0; i < 3; ++i) {
    auto* s = file.add_streams();
    s->set_id(i + 1);
    s->set_name("s" + std::to_string(i));
    s->add_layers()->set_protocol("eth");
  }
  const QString path = dir.filePath("three.json");
  ASSERT_TRUE(saveStreamFile(path.toStdString(), file).ok());
  ASSERT_TRUE(window->loadStreamFile(path, *window->currentPort(), true));
  EXPECT_EQ(list()->rowCount(), 3);
  list()->undoStack()->undo();
  EXPECT_EQ(list()->rowCount(), 0);

  const QString bad = dir.filePath("bad.json");
  ASSERT_TRUE(writeFileAtomically(bad.toStdString(), R"({"format_version": 1, "streams": [{"idd": 1}]})").ok());
  EXPECT_FALSE(window->loadStreamFile(bad, *window->currentPort(), true));
  EXPECT_EQ(list()->rowCount(), 0) << "nothing partially loaded";
  EXPECT_TRUE(window->logPane()->text().contains("bad.json"));
}

TEST_F(GuiFixture, LostDroneIsShownAndComesBack) {
  auto* tree = workspace.portTree();
  const QModelIndex state = tree->index(0, PortTreeModel::kLink);
  EXPECT_EQ(state.data().toString(), "connected");
  lab.drone("lab").stop();
  ASSERT_TRUE(waitFor([&] { return tree->index(0, PortTreeModel::kLink).data().toString() == "reconnecting"; }));
  EXPECT_TRUE(tree->index(0, PortTreeModel::kLink).data(Qt::ToolTipRole).toString().contains("cannot reach"));
  EXPECT_TRUE(window->findChild<QLabel*>("statusDrones")->text().contains("reconnecting"));
  ASSERT_TRUE(lab.drone("lab").start());
  ASSERT_TRUE(waitFor([&] { return tree->index(0, PortTreeModel::kLink).data().toString() == "connected"; }));
}

}  // namespace

namespace {

// A receiver that misses frames (a tiny receive ring fed as fast as the wire goes) makes its
// stream rows incomplete: the GUI marks the row, and calls none of it lost.
TEST(GuiStarvedReceiver, AnIncompleteStreamRowIsMarked) {
  FakeLab lab;
  auto ports = pairedPorts({"a", "b"});
  for (auto& p : ports) p.lossless = false, p.inboxFrames = 4;
  Workspace workspace;
  const QString key = workspace.addSession(lab.connect("starved", ports), 100);
  MainWindow window(&workspace);
  window.show();
  ASSERT_TRUE(waitFor([&] { return window.currentPort().has_value() && window.streamTable()->streamList(); }));
  StreamListModel* list = window.streamTable()->streamList();
  list->appendNewStream();
  v1::Stream s = list->stream(0);
  s.mutable_rate()->set_unit(v1::Rate::FASTEST);
  s.mutable_control()->set_mode(v1::Control::PACKETS);
  s.mutable_control()->set_count(20000);
  list->replaceStream(0, s);
  action(window, "Start")->trigger();
  StreamStatsModel* stats = workspace.streamStats();
  ASSERT_TRUE(waitFor([&] {
    for (int r = 0; r < stats->rowCount(); ++r)
      if (const v1::StreamStats* row = stats->rowStats(r); row && row->incomplete()) return true;
    return false;
  })) << "no row said its receiver missed frames";
  int row = 0;
  while (!stats->rowStats(row)->incomplete()) ++row;
  const QString lost = stats->index(row, StreamStatsModel::kLost).data().toString();
  EXPECT_TRUE(lost.startsWith(QStringLiteral("⚠"))) << lost.toStdString();
  EXPECT_EQ(stats->rowStats(row)->lost(), 0u) << "the receiver's misses are not loss";
  EXPECT_NE(stats->index(row, StreamStatsModel::kLost).data(Qt::ToolTipRole).toString().indexOf("Receiver overloaded"), -1);
}

// Two drones with ports of the same names: each port gets its own rate series, named apart.
TEST(GuiTwoDrones, SamePortNamesKeepTheirOwnChartSeries) {
  FakeLab lab;
  Workspace workspace;
  for (const char* name : {"east", "west"}) workspace.addSession(lab.connect(name), 100);
  MainWindow window(&workspace);
  window.show();
  ASSERT_TRUE(waitFor([&] { return workspace.allPorts().size() == 4; }));
  std::vector<PortRef> senders;
  for (const QString& key : workspace.sessionKeys()) {
    senders.push_back({key, "a"});
    workspace.streams(senders.back())->appendNewStream();
  }
  workspace.start(senders);
  const QStringList expected = {lab.key("east") + " a tx", lab.key("east") + " b rx", lab.key("west") + " a tx",
                                lab.key("west") + " b rx"};
  ASSERT_TRUE(waitFor([&] {
    const QStringList names = window.charts()->rateSeriesNames();
    return std::all_of(expected.begin(), expected.end(), [&](const QString& n) { return names.contains(n); });
  })) << window.charts()->rateSeriesNames().join(", ").toStdString();
}

}  // namespace

TEST_F(GuiFixture, RecordedStatsOpenAgainWithTheSameCharts) {
  QTemporaryDir dir;
  const QString path = dir.filePath("run.jsonl");
  window->streamTable()->actions().add->trigger();
  action(*window, "Start")->trigger();
  ASSERT_TRUE(waitFor([&] { return drone->ports()[0].transmitting(); }));
  RecordingActions* recordings = window->recordingActions();
  ASSERT_TRUE(recordings->startRecording(path));
  EXPECT_TRUE(action(*window, "Record stats…")->isChecked());
  EXPECT_EQ(workspace.recordingPath(), path);
  const qsizetype before = workspace.history()->portSeries(key + "|a", StatsHistory::PortSeries::kTxPps).size();
  ASSERT_TRUE(waitFor([&] { return workspace.history()->portSeries(key + "|a", StatsHistory::PortSeries::kTxPps).size() >= before + 5; }));
  recordings->stopRecording();
  action(*window, "Stop")->trigger();
  EXPECT_FALSE(action(*window, "Record stats…")->isChecked());
  auto recording = loadStatsRecording(path.toStdString());
  ASSERT_TRUE(recording.ok()) << recording.error().toString();
  EXPECT_GE(recording->lines.size(), 5u);
  RecordingViewer* viewer = recordings->openRecording(path);
  ASSERT_NE(viewer, nullptr);
  EXPECT_EQ(viewer->history()->portKeys().size(), 2) << "both ports of the drone, as recorded";
  EXPECT_EQ(viewer->history()->portSeries(viewer->history()->portKeys().first(), StatsHistory::PortSeries::kTxPps).size(),
            qsizetype(recording->lines.size()));
  EXPECT_EQ(viewer->charts()->ratePointCount(), 2 * recording->lines.size()) << "port a's transmit and port b's receive, drawn at once";
  viewer->close();
  EXPECT_EQ(recordings->openRecording(dir.filePath("missing.jsonl")), nullptr) << "logged, not shown";
}

// A recording whose file cannot grow (the process's file size limit, as a full disk would)
// stops by itself: logged, and File > Record stats… is no longer checked.
TEST_F(GuiFixture, ARecordingThatCannotWriteStopsAndUnchecksItsAction) {
  QTemporaryDir dir;
  const QString path = dir.filePath("run.jsonl");
  RecordingActions* recordings = window->recordingActions();
  ASSERT_TRUE(recordings->startRecording(path));
  ASSERT_TRUE(action(*window, "Record stats…")->isChecked());
  rlimit before{};
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &before), 0);
  const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);  // writes past the limit fail with EFBIG
  rlimit limit = before;
  limit.rlim_cur = rlim_t(QFileInfo(path).size());
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &limit), 0);
  const bool stopped = waitFor([&] { return workspace.recordingPath().isEmpty(); });
  setrlimit(RLIMIT_FSIZE, &before);
  std::signal(SIGXFSZ, previousHandler);
  EXPECT_TRUE(stopped) << "the next snapshot's write failed";
  EXPECT_FALSE(action(*window, "Record stats…")->isChecked());
}
