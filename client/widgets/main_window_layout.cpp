// How the main window is assembled: its actions, panes, tool bar and menus. What the actions do
// is in main_window.cpp.
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QTreeView>
#include <QUndoGroup>
#include <QVBoxLayout>

#include "client/widgets/benchmark_page.h"
#include "client/widgets/capture_actions.h"
#include "client/widgets/flows_page.h"
#include "client/widgets/log_pane.h"
#include "client/widgets/main_window.h"
#include "client/widgets/neighbors_dialog.h"
#include "client/widgets/recording_actions.h"
#include "client/widgets/stats_charts.h"
#include "client/widgets/stream_table.h"
#include "client/widgets/rfc2889_page.h"
#include "client/widgets/y1564_page.h"

namespace staccato::client {

void MainWindow::buildActions() {
  auto make = [this](const QString& text, const QKeySequence& key, auto slot, const QString& tip = {}) {
    auto* a = new QAction(text, this);
    a->setShortcut(key);
    a->setToolTip(tip.isEmpty() ? text : tip);
    connect(a, &QAction::triggered, this, slot);
    return a;
  };
  act_.connect = make("&Connect to drone…", QKeySequence("Ctrl+Shift+C"), &MainWindow::connectDrone);
  act_.openFleet = make("Open &fleet…", QKeySequence(), &MainWindow::openFleet,
                        "Connect every drone of a fleet file (drones.yaml) with its credentials");
  act_.open = make("&Open stream file…", QKeySequence::Open, &MainWindow::openStreamFile);
  act_.save = make("&Save stream file…", QKeySequence::Save, &MainWindow::saveStreamFile);
  act_.openSession = make("Open sess&ion…", QKeySequence("Ctrl+Shift+O"), [this] { openSession(false); },
                          "Load a session file's ports onto the connected drones (unapplied)");
  act_.openSessionMapped = make("Open session with port &mapping…", QKeySequence(), [this] { openSession(true); },
                                "Open a session file, choosing where each of its ports goes");
  act_.saveSession = make("Save session…", QKeySequence("Ctrl+Shift+S"), &MainWindow::saveSession,
                          "Save every connected drone's port configurations and streams (never tokens)");
  act_.quit = make("&Quit", QKeySequence::Quit, &MainWindow::close);
  act_.apply = make("&Apply", QKeySequence("Ctrl+Return"), [this] {
    if (current_) workspace_->apply(*current_);
  }, "Send this port's streams to the drone (all or nothing)");
  act_.revert = make("Re&vert", QKeySequence(), [this] {
    if (current_) workspace_->revert(*current_);
  }, "Drop unapplied changes: reload the streams from the drone");
  act_.start = make("&Start", QKeySequence("F5"), [this] { runOnPorts(selectedPorts(), &Workspace::start); },
                    "Start the selected ports (applies unapplied changes first)");
  act_.stop = make("S&top", QKeySequence("F6"), [this] { runOnPorts(selectedPorts(), &Workspace::stop); },
                   "Stop the selected ports");
  act_.scaleRate = make("Change &rate…", QKeySequence("Ctrl+R"), &MainWindow::scaleRate,
                        "Send the selected ports' streams at a multiple of their rates, now, without stopping");
  act_.clear = make("C&lear stats", QKeySequence("F7"), [this] { runOnPorts(selectedPorts(), &Workspace::clearStats); },
                    "Clear the stats of the selected ports");
  act_.startAll = make("Start a&ll", QKeySequence("Ctrl+F5"), [this] { runOnPorts(workspace_->allPorts(), &Workspace::start); },
                       "Start every port of every drone");
  act_.stopAll = make("Stop all", QKeySequence("Ctrl+F6"), [this] { runOnPorts(workspace_->allPorts(), &Workspace::stop); },
                      "Stop every port of every drone");
  act_.configure = make("Con&figure port…", QKeySequence("Ctrl+P"), &MainWindow::configurePort);
  act_.neighbors = make("&Neighbours…", QKeySequence(), [this] {
    if (DroneSession* s = current_ ? workspace_->session(current_->drone) : nullptr) {
      auto* d = new NeighborsDialog(*s, current_->port, this);
      d->setAttribute(Qt::WA_DeleteOnClose);
      d->show();
    }
  }, "The selected port's neighbour table (its emulated hosts' neighbours)");
  act_.reserve = make("&Reserve port", QKeySequence(), [this] { reservePort(true); });
  act_.release = make("Re&lease port", QKeySequence(), [this] { reservePort(false); });
  act_.benchmark = make("&Benchmark…", QKeySequence("Ctrl+B"), [this] {
    BenchmarkPage* page = benchmarkPage();
    page->show();
    page->raise();
    page->activateWindow();
  }, "RFC 2544 throughput, latency, frame loss and back-to-back; NDR/PDR searches");
  act_.y1564 = make("&Y.1564 service activation…", QKeySequence(), [this] {
    Y1564Page* page = y1564Page();
    page->show();
    page->raise();
    page->activateWindow();
  }, "ITU-T Y.1564: each service's configuration steps against its CIR and EIR, then the performance test");
  act_.rfc2889 = make("&RFC 2889 switch tests…", QKeySequence(), [this] {
    Rfc2889Page* page = rfc2889Page();
    page->show();
    page->raise();
    page->activateWindow();
  }, "RFC 2889: address caching capacity and learning rate, fully meshed throughput, broadcast forwarding");
  act_.flows = make("&Flows…", QKeySequence(), [this] {
    FlowsPage* page = flowsPage();
    page->show();
    page->raise();
    page->activateWindow();
  }, "Stateful flows: a profile's clients on one port, its servers on another (TCP, HTTP, TLS, UDP), live");
  act_.undo = undoGroup_->createUndoAction(this);
  act_.undo->setShortcut(QKeySequence::Undo);
  act_.redo = undoGroup_->createRedoAction(this);
  act_.redo->setShortcut(QKeySequence::Redo);
}

void MainWindow::buildLayout() {
  // Ports tree (left dock).
  portTree_ = new QTreeView(this);
  portTree_->setObjectName("portTree");
  portTree_->setModel(workspace_->portTree());
  portTree_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  portTree_->setUniformRowHeights(true);
  portTree_->setAcceptDrops(true);
  portTree_->viewport()->setAcceptDrops(true);
  portTree_->viewport()->installEventFilter(this);
  portTree_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
  portTree_->header()->setStretchLastSection(true);
  portTree_->setContextMenuPolicy(Qt::ActionsContextMenu);
  portTree_->addActions({act_.start, act_.stop, act_.scaleRate, act_.clear, act_.apply, act_.configure, act_.neighbors, act_.reserve,
                         act_.release});
  auto* captureSeparator = new QAction(this);
  captureSeparator->setSeparator(true);
  portTree_->addActions({captureSeparator, captures_->startAction(), captures_->stopAction(), captures_->viewAction(),
                         captures_->saveAction()});
  connect(portTree_->selectionModel(), &QItemSelectionModel::currentChanged, this, &MainWindow::onPortSelected);
  auto* portDock = new QDockWidget("Ports", this);
  portDock->setObjectName("portDock");
  portDock->setWidget(portTree_);
  addDockWidget(Qt::LeftDockWidgetArea, portDock);
  resizeDocks({portDock}, {430}, Qt::Horizontal);

  // Streams of the selected port.
  header_ = new QLabel(this);
  header_->setObjectName("streamHeader");
  header_->setStyleSheet("font-weight:600; padding:2px 0");
  dirtyBanner_ = new QLabel(this);
  dirtyBanner_->setObjectName("dirtyBanner");
  dirtyBanner_->setText("Unapplied changes: the drone still has the previous streams.");
  dirtyBanner_->setStyleSheet("background:#fff3cd; color:#7a5a00; border:1px solid #f0d98c; border-radius:3px; padding:3px 6px");
  auto* applyButton = new QPushButton("Apply", this);
  applyButton->setObjectName("applyButton");
  connect(applyButton, &QPushButton::clicked, act_.apply, &QAction::trigger);
  auto* revertButton = new QPushButton("Revert", this);
  connect(revertButton, &QPushButton::clicked, act_.revert, &QAction::trigger);
  auto* bannerRow = new QHBoxLayout;
  bannerRow->addWidget(dirtyBanner_, 1);
  bannerRow->addWidget(applyButton);
  bannerRow->addWidget(revertButton);
  auto* bannerBox = new QWidget(this);
  bannerBox->setObjectName("dirtyBox");
  bannerBox->setLayout(bannerRow);
  bannerRow->setContentsMargins(0, 0, 0, 0);
  streamTable_ = new StreamTable(this);
  connect(streamTable_, &StreamTable::message, this, [this](const QString& text, bool error) {
    statusBar()->showMessage(text, 5000);
    if (error) logPane_->append(LogLevel::kWarning, "client", text);
  });
  auto* streamsBox = new QWidget(this);
  auto* streamsLayout = new QVBoxLayout(streamsBox);
  streamsLayout->setContentsMargins(6, 4, 6, 0);
  streamsLayout->addWidget(header_);
  streamsLayout->addWidget(bannerBox);
  streamsLayout->addWidget(streamTable_, 1);

  // Stats, charts and logs below.
  auto statsTable = [this](QAbstractItemModel* model, const QString& name) {
    auto* v = new QTableView(this);
    v->setObjectName(name);
    v->setModel(model);
    v->setAlternatingRowColors(true);
    v->setSelectionBehavior(QAbstractItemView::SelectRows);
    v->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    v->horizontalHeader()->setDefaultSectionSize(110);
    return v;
  };
  portStatsView_ = statsTable(workspace_->portStats(), "portStatsView");
  portStatsView_->setSelectionBehavior(QAbstractItemView::SelectColumns);
  portStatsView_->verticalHeader()->setMinimumWidth(150);
  streamStatsView_ = statsTable(workspace_->streamStats(), "streamStatsView");
  streamStatsView_->horizontalHeader()->setDefaultSectionSize(90);
  connect(streamStatsView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& i) { charts_->selectStream(workspace_->streamStats()->seriesKey(i.row())); });
  auto withExport = [this](QTableView* view, const QString& what) {
    auto* box = new QWidget(this);
    auto* l = new QVBoxLayout(box);
    l->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    auto* csv = new QPushButton("Export CSV…", box);
    connect(csv, &QPushButton::clicked, this, [this, view, what] { exportCsv(view, what); });
    bar->addStretch(1);
    bar->addWidget(csv);
    l->addLayout(bar);
    l->addWidget(view, 1);
    return box;
  };
  charts_ = new StatsCharts(workspace_->history(), this);
  logPane_ = new LogPane(this);
  bottomTabs_ = new QTabWidget(this);
  bottomTabs_->setObjectName("bottomTabs");
  bottomTabs_->addTab(withExport(portStatsView_, "port stats"), "Port stats");
  bottomTabs_->addTab(withExport(streamStatsView_, "stream stats"), "Stream stats");
  bottomTabs_->addTab(charts_, "Charts");
  bottomTabs_->addTab(logPane_, "Logs");

  auto* split = new QSplitter(Qt::Vertical, this);
  split->setObjectName("mainSplitter");
  split->addWidget(streamsBox);
  split->addWidget(bottomTabs_);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  setCentralWidget(split);

  statusDrones_ = new QLabel(this);
  statusDrones_->setObjectName("statusDrones");
  statusRates_ = new QLabel(this);
  statusRates_->setObjectName("statusRates");
  statusBar()->addPermanentWidget(statusRates_);
  statusBar()->addPermanentWidget(statusDrones_);
}

void MainWindow::buildMenus() {
  auto* tb = addToolBar("Main");
  tb->setObjectName("mainToolBar");
  tb->setToolButtonStyle(Qt::ToolButtonTextOnly);
  const auto& s = streamTable_->actions();
  tb->addActions({act_.connect, act_.open, act_.save});
  tb->addSeparator();
  tb->addActions({s.add, s.edit, s.duplicate, s.remove});
  tb->addSeparator();
  tb->addActions({act_.undo, act_.redo});
  tb->addSeparator();
  tb->addActions({act_.apply, act_.start, act_.stop, act_.clear});
  tb->addSeparator();
  tb->addActions({act_.startAll, act_.stopAll});

  QMenu* file = menuBar()->addMenu("&File");
  file->addActions({act_.connect, act_.openFleet, act_.open, act_.save});
  file->addSeparator();
  file->addActions({act_.openSession, act_.openSessionMapped, act_.saveSession});
  file->addSeparator();
  file->addActions({recordings_->recordAction(), recordings_->openAction()});
  file->addSeparator();
  recentMenu_ = file->addMenu("Open &recent");
  file->addSeparator();
  file->addAction(act_.quit);
  QMenu* edit = menuBar()->addMenu("&Edit");
  edit->addActions({act_.undo, act_.redo});
  edit->addSeparator();
  edit->addActions({s.add, s.edit, s.duplicate, s.remove, s.copy, s.paste});
  edit->addSeparator();
  edit->addActions({s.enable, s.disable, s.rate, s.findReplace});
  QMenu* port = menuBar()->addMenu("&Port");
  port->addActions({act_.apply, act_.revert});
  port->addSeparator();
  port->addActions({act_.start, act_.stop, act_.scaleRate, act_.clear, act_.startAll, act_.stopAll});
  port->addSeparator();
  port->addActions({act_.configure, act_.neighbors, act_.reserve, act_.release});
  port->addSeparator();
  port->addActions({captures_->startAction(), captures_->stopAction(), captures_->viewAction(), captures_->saveAction()});
  QMenu* tools = menuBar()->addMenu("&Tools");
  tools->addActions({act_.benchmark, act_.y1564, act_.rfc2889, act_.flows});
  QMenu* view = menuBar()->addMenu("&View");
  for (QDockWidget* d : findChildren<QDockWidget*>()) view->addAction(d->toggleViewAction());
  view->addAction(tb->toggleViewAction());
  QMenu* help = menuBar()->addMenu("&Help");
  help->addAction("&About Staccato", this, [this] {
    QMessageBox::about(this, "About Staccato",
                       "<b>Staccato</b> — open-source traffic generator.<br>Streams of exact packets, "
                       "rates you asked for, loss and latency you can trust.<br><br>GPL-3.0-or-later");
  });
}

}  // namespace staccato::client
