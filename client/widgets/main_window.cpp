#include "client/widgets/main_window.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QTreeView>
#include <QUndoGroup>
#include <QUndoStack>
#include <QVBoxLayout>

#include "client/core/session/grpc_drone_session.h"
#include "client/models/csv_export.h"
#include "client/models/number_format.h"
#include "client/models/stats_keys.h"
#include "client/widgets/capture_actions.h"
#include "client/widgets/connect_dialog.h"
#include "client/widgets/log_pane.h"
#include "client/widgets/neighbors_dialog.h"
#include "client/widgets/port_config_dialog.h"
#include "client/widgets/session_actions.h"
#include "client/widgets/stats_charts.h"
#include "client/widgets/stream_table.h"
#include "common/files/stream_file.h"

namespace staccato::client {

namespace {

constexpr int kMaxRecentFiles = 8;

QString qs(const std::string& s) { return QString::fromStdString(s); }

QString rateText(double pps, double bps) { return formatSi(pps, "pps") + " · " + formatSi(bps, "bit/s"); }

}  // namespace

MainWindow::MainWindow(Workspace* workspace, QWidget* parent) : QMainWindow(parent), workspace_(workspace) {
  setWindowTitle("Staccato");
  setObjectName("mainWindow");
  undoGroup_ = new QUndoGroup(this);
  sessions_ = new SessionActions(workspace_, this, [](const DroneAddress& a) { return std::make_unique<GrpcDroneSession>(a); });
  connect(sessions_, &SessionActions::sessionOpened, this, &MainWindow::addRecentFile);
  connect(sessions_, &SessionActions::sessionSaved, this, [this](const QString& path) {
    addRecentFile(path);
    statusBar()->showMessage("saved " + path, 5000);
  });
  captures_ = new CaptureActions(workspace_, this, [this] { return current_; });
  setAcceptDrops(true);
  buildActions();
  buildLayout();
  buildMenus();
  auto showLog = [this](LogLevel level, const QString& source, const QString& text) {
    logPane_->append(level, source, text);
    if (level == LogLevel::kError) statusBar()->showMessage(source + ": " + text, 8000);
  };
  connect(workspace_, &Workspace::log, this, showLog);
  connect(captures_, &CaptureActions::log, this, showLog);
  connect(workspace_->history(), &StatsHistory::appended, this, &MainWindow::updateStatusBar);
  connect(workspace_->portTree(), &QAbstractItemModel::dataChanged, this, &MainWindow::updateStatusBar);
  connect(workspace_->portTree(), &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex& parent) {
    portTree_->expand(parent);
    if (!current_) {  // the first port that appears is shown, so the window is never empty
      const QModelIndex first = workspace_->portTree()->index(0, 0, parent);
      if (first.isValid()) portTree_->setCurrentIndex(first);
    }
  });
  restoreSettings();
  updateHeader();
}

MainWindow::~MainWindow() = default;

void MainWindow::buildActions() {
  auto make = [this](const QString& text, const QKeySequence& key, auto slot, const QString& tip = {}) {
    auto* a = new QAction(text, this);
    a->setShortcut(key);
    a->setToolTip(tip.isEmpty() ? text : tip);
    connect(a, &QAction::triggered, this, slot);
    return a;
  };
  act_.connect = make("&Connect to drone…", QKeySequence("Ctrl+Shift+C"), &MainWindow::connectDrone);
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
  portTree_->addActions({act_.start, act_.stop, act_.clear, act_.apply, act_.configure, act_.neighbors, act_.reserve,
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
  file->addActions({act_.connect, act_.open, act_.save});
  file->addSeparator();
  file->addActions({act_.openSession, act_.openSessionMapped, act_.saveSession});
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
  port->addActions({act_.start, act_.stop, act_.clear, act_.startAll, act_.stopAll});
  port->addSeparator();
  port->addActions({act_.configure, act_.neighbors, act_.reserve, act_.release});
  port->addSeparator();
  port->addActions({captures_->startAction(), captures_->stopAction(), captures_->viewAction(), captures_->saveAction()});
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

void MainWindow::selectPort(const PortRef& port) {
  const QModelIndex i = workspace_->portTree()->portIndex(port.drone, port.port);
  if (i.isValid()) portTree_->setCurrentIndex(i);
}

void MainWindow::onPortSelected() {
  const QModelIndex i = portTree_->currentIndex();
  const QString drone = i.data(PortTreeModel::kDroneKeyRole).toString();
  const QString port = i.data(PortTreeModel::kPortNameRole).toString();
  if (!i.isValid() || port.isEmpty()) {
    current_.reset();
    streamTable_->setStreamList(nullptr);
    undoGroup_->setActiveStack(nullptr);
    updateHeader();
    return;
  }
  current_ = PortRef{drone, port.toStdString()};
  StreamListModel* list = workspace_->streams(*current_);
  if (!undoGroup_->stacks().contains(list->undoStack())) {
    undoGroup_->addStack(list->undoStack());
    connect(list, &StreamListModel::dirtyChanged, this, &MainWindow::updateHeader);
  }
  undoGroup_->setActiveStack(list->undoStack());
  streamTable_->setStreamList(list);
  updateHeader();
}

void MainWindow::updateHeader() {
  const bool have = current_.has_value();
  const bool dirty = have && workspace_->isDirty(*current_);
  DroneSession* s = have ? workspace_->session(current_->drone) : nullptr;
  header_->setText(have ? QString("Streams of %1 on %2").arg(qs(current_->port), s ? s->displayName() : current_->drone)
                        : "Select a port on the left to see and edit its streams.");
  findChild<QWidget*>("dirtyBox")->setVisible(dirty);
  for (QAction* a : {act_.apply, act_.revert}) a->setEnabled(dirty);
  for (QAction* a : {act_.save, act_.open, act_.configure, act_.neighbors, act_.reserve, act_.release, captures_->startAction(),
                     captures_->stopAction(), captures_->viewAction(), captures_->saveAction()})
    a->setEnabled(have);
  setWindowTitle(QString("Staccato%1%2").arg(have ? " — " + qs(current_->port) : "", dirty ? " •" : ""));
}

void MainWindow::updateStatusBar() {
  double txPps = 0, rxPps = 0, txBps = 0, rxBps = 0;
  const auto* m = workspace_->portStats();
  // Sum the live rates of all ports (PortStatsModel keeps raw values under Qt::UserRole).
  for (int c = 0; c < m->columnCount(); ++c) {
    txPps += m->index(PortStatsModel::kTxPps, c).data(Qt::UserRole).toDouble();
    rxPps += m->index(PortStatsModel::kRxPps, c).data(Qt::UserRole).toDouble();
    txBps += m->index(PortStatsModel::kTxMbpsL1, c).data(Qt::UserRole).toDouble() * 1e6;
    rxBps += m->index(PortStatsModel::kRxMbpsL1, c).data(Qt::UserRole).toDouble() * 1e6;
  }
  QString load;  // the selected port's transmit load, of the line rate the drone uses for load %
  if (current_)
    if (DroneSession* s = workspace_->session(current_->drone))
      for (const auto& p : s->ports())
        if (p.name() == current_->port && p.line_rate_bps() > 0) {
          const int column = int(workspace_->portStats()->portKeys().indexOf(portKey(current_->drone, p.name())));
          const double bps = column < 0 ? 0 : m->index(PortStatsModel::kTxMbpsL1, column).data(Qt::UserRole).toDouble() * 1e6;
          load = QString("   %1 load %2 %").arg(qs(p.name())).arg(100 * bps / p.line_rate_bps(), 0, 'f', 1);
        }
  statusRates_->setText(QString("Tx %1   Rx %2%3   ").arg(rateText(txPps, txBps), rateText(rxPps, rxBps), load));
  QStringList drones;
  for (const QString& k : workspace_->sessionKeys())
    if (DroneSession* s = workspace_->session(k)) drones << s->displayName() + ": " + stateName(s->state());
  statusDrones_->setText(drones.isEmpty() ? "no drone" : drones.join("  ·  "));
}

std::vector<PortRef> MainWindow::selectedPorts() const {
  std::vector<PortRef> out;
  for (const QModelIndex& i : portTree_->selectionModel()->selectedRows()) {
    const QString drone = i.data(PortTreeModel::kDroneKeyRole).toString();
    const QString port = i.data(PortTreeModel::kPortNameRole).toString();
    if (!port.isEmpty()) {
      out.push_back({drone, port.toStdString()});
    } else if (DroneSession* s = workspace_->session(drone)) {  // a drone row: all its ports
      for (const auto& p : s->ports()) out.push_back({drone, p.name()});
    }
  }
  if (out.empty() && current_) out.push_back(*current_);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void MainWindow::runOnPorts(const std::vector<PortRef>& ports,
                            void (Workspace::*action)(const std::vector<PortRef>&, Workspace::Done)) {
  if (ports.empty()) {
    statusBar()->showMessage("no port selected", 4000);
    return;
  }
  (workspace_->*action)(ports, {});
}

void MainWindow::connectDrone() {
  auto address = askDroneAddress(this);
  if (!address) return;
  workspace_->addSession(std::make_unique<GrpcDroneSession>(*address));
  saveSettings();
}

bool MainWindow::loadStreamFile(const QString& path, const PortRef& port, bool quiet) {
  auto file = staccato::loadStreamFile(path.toStdString());
  if (!file) {
    const QString msg = qs(file.error().toString());
    logPane_->append(LogLevel::kError, "client", msg);
    if (!quiet) showError("Cannot open the stream file", msg);
    return false;
  }
  workspace_->replaceStreams(port, {file->streams().begin(), file->streams().end()}, "Open " + QFileInfo(path).fileName());
  addRecentFile(path);
  logPane_->append(LogLevel::kInfo, "client",
                   QString("loaded %1 streams from %2 into %3 (not applied yet)").arg(file->streams_size()).arg(path, qs(port.port)));
  return true;
}

void MainWindow::openStreamFile() {
  if (!current_) return;
  const QString path = QFileDialog::getOpenFileName(this, "Open stream file", {}, "Stream files (*.json);;All files (*)");
  if (!path.isEmpty()) loadStreamFile(path, *current_);
}

void MainWindow::saveStreamFile() {
  if (!current_) return;
  QString path = QFileDialog::getSaveFileName(this, "Save stream file", qs(current_->port) + ".json", "Stream files (*.json)");
  if (path.isEmpty()) return;
  v1::StreamFile file;
  for (const auto& s : workspace_->streams(*current_)->streams()) *file.add_streams() = s;
  if (auto st = staccato::saveStreamFile(path.toStdString(), file); !st) {
    showError("Cannot save", qs(st.error().toString()));
    return;
  }
  addRecentFile(path);
  statusBar()->showMessage("saved " + path, 5000);
}

void MainWindow::openSession(bool alwaysAskMapping) {
  const QString path = QFileDialog::getOpenFileName(this, "Open session", {}, "Session files (*.json);;All files (*)");
  if (!path.isEmpty()) sessions_->openSession(path, alwaysAskMapping);
}

void MainWindow::saveSession() {
  const QString path = QFileDialog::getSaveFileName(this, "Save session", "session.json", "Session files (*.json)");
  if (!path.isEmpty()) sessions_->saveSession(path);
}

void MainWindow::openAnyFile(const QString& path, const std::optional<PortRef>& port) {
  if (SessionActions::isSessionFile(path)) sessions_->openSession(path);
  else if (port) loadStreamFile(path, *port);
  else statusBar()->showMessage("select a port to load the streams of " + path + " into", 5000);
}

void MainWindow::configurePort() {
  if (!current_) return;
  DroneSession* s = workspace_->session(current_->drone);
  if (!s) return;
  for (const auto& p : s->ports())
    if (p.name() == current_->port)
      if (auto config = askPortConfig(this, p)) workspace_->configure(*current_, *config);
}

void MainWindow::reservePort(bool reserve) {
  if (!current_) return;
  DroneSession* s = workspace_->session(current_->drone);
  if (!s) return;
  const PortRef port = *current_;
  auto done = [this, port, reserve](const Status& st) {
    logPane_->append(st ? LogLevel::kInfo : LogLevel::kError, port.drone,
                     qs((reserve ? "reserve " : "release ") + port.port + (st ? ": done" : ": " + st.error().toString())));
  };
  if (reserve) s->reservePort(port.port, done);
  else s->releasePort(port.port, false, done);
}

void MainWindow::exportCsv(QTableView* view, const QString& what) {
  const QString path = QFileDialog::getSaveFileName(this, "Export " + what, what + ".csv", "CSV (*.csv)");
  if (path.isEmpty()) return;
  if (auto st = writeFileAtomically(path.toStdString(), toCsv(*view->model()).toStdString()); !st)
    showError("Cannot export", qs(st.error().toString()));
}

void MainWindow::addRecentFile(const QString& path) {
  QSettings settings;
  QStringList recent = settings.value("recentFiles").toStringList();
  recent.removeAll(path);
  recent.prepend(path);
  settings.setValue("recentFiles", recent.mid(0, kMaxRecentFiles));
  rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
  recentMenu_->clear();
  const QStringList recent = QSettings().value("recentFiles").toStringList();
  for (const QString& f : recent)
    recentMenu_->addAction(QFileInfo(f).fileName(), this, [this, f] { openAnyFile(f, current_); })->setToolTip(f);
  recentMenu_->setEnabled(!recent.isEmpty());
}

void MainWindow::showError(const QString& what, const QString& message) { QMessageBox::warning(this, what, message); }

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
  // Dropping a stream file onto a port loads it there (a session file opens as a session).
  if (watched == portTree_->viewport() && (event->type() == QEvent::DragEnter || event->type() == QEvent::DragMove)) {
    auto* e = static_cast<QDropEvent*>(event);
    if (e->mimeData()->hasUrls()) {
      e->acceptProposedAction();
      return true;
    }
  }
  if (watched == portTree_->viewport() && event->type() == QEvent::Drop) {
    auto* e = static_cast<QDropEvent*>(event);
    const QModelIndex i = portTree_->indexAt(e->position().toPoint());
    const QString port = i.data(PortTreeModel::kPortNameRole).toString();
    if (!port.isEmpty() && e->mimeData()->hasUrls()) {
      const PortRef ref{i.data(PortTreeModel::kDroneKeyRole).toString(), port.toStdString()};
      for (const QUrl& url : e->mimeData()->urls())
        if (url.isLocalFile()) openAnyFile(url.toLocalFile(), ref);
      selectPort(ref);
      e->acceptProposedAction();
      return true;
    }
  }
  return QMainWindow::eventFilter(watched, event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  for (const QUrl& url : event->mimeData()->urls())
    if (url.isLocalFile()) openAnyFile(url.toLocalFile(), std::nullopt);
  event->acceptProposedAction();
}

void MainWindow::restoreSettings() {
  QSettings settings;
  restoreGeometry(settings.value("window/geometry").toByteArray());
  restoreState(settings.value("window/state").toByteArray());
  rebuildRecentMenu();
}

void MainWindow::saveSettings() {
  QSettings settings;
  settings.setValue("window/geometry", saveGeometry());
  settings.setValue("window/state", saveState());
  QStringList drones;  // addresses only: tokens are never written anywhere
  for (const QString& k : workspace_->sessionKeys())
    if (DroneSession* s = workspace_->session(k); s && s->address().token.empty() && k.startsWith("unix:") == false)
      drones << k;
  settings.setValue("drones", drones);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  const auto dirty = workspace_->dirtyPorts();
  if (!dirty.empty()) {
    const auto answer = QMessageBox::question(
        this, "Unapplied changes",
        QString("%1 port(s) have stream changes that were never applied. Quit anyway?").arg(dirty.size()),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
    if (answer != QMessageBox::Yes) {
      event->ignore();
      return;
    }
  }
  saveSettings();
  event->accept();
}

}  // namespace staccato::client
