#include "client/widgets/main_window.h"

#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QInputDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <QTableView>
#include <QTreeView>
#include <QUndoGroup>
#include <QUndoStack>

#include "client/core/session/grpc_drone_session.h"
#include "client/models/csv_export.h"
#include "client/models/number_format.h"
#include "client/models/qs.h"
#include "client/widgets/benchmark_page.h"
#include "client/widgets/capture_actions.h"
#include "client/widgets/recording_actions.h"
#include "client/widgets/connect_dialog.h"
#include "client/widgets/log_pane.h"
#include "client/widgets/port_config_dialog.h"
#include "client/widgets/session_actions.h"
#include "client/widgets/stream_table.h"
#include "client/widgets/rfc2889_page.h"
#include "client/widgets/y1564_page.h"
#include "common/files/stream_file.h"

namespace staccato::client {

namespace {

constexpr int kMaxRecentFiles = 8;

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
  recordings_ = new RecordingActions(workspace_, this);
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
  connect(recordings_, &RecordingActions::log, this, showLog);
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

void MainWindow::openFleet() {
  const QString path = QFileDialog::getOpenFileName(this, "Open fleet", {}, "Fleet files (*.yaml *.yml);;All files (*)");
  if (!path.isEmpty()) sessions_->openFleet(path);
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

void MainWindow::scaleRate() {
  const std::vector<PortRef> ports = selectedPorts();
  if (ports.empty()) return;
  bool ok = false;
  const double scale = QInputDialog::getDouble(this, "Change rate",
                                               "Send at this many times the streams' own rates (1 = as set), now,\n"
                                               "without stopping (counts and sequences go on):",
                                               1.0, 0.001, 1000.0, 3, &ok);
  if (!ok) return;
  for (const PortRef& port : ports)
    if (DroneSession* s = workspace_->session(port.drone))
      s->scaleRate(port.port, scale, [this, port, scale](const Status& st) {
        logPane_->append(st ? LogLevel::kInfo : LogLevel::kError, port.drone,
                         qs("rate of " + port.port + " x" + std::to_string(scale).substr(0, 6) +
                            (st ? ": done" : ": " + st.error().toString())));
      });
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
  if (endRunBeforeClosing(event, benchmark_ ? benchmark_->benchmarkRun() : nullptr, "Benchmark running",
                          "A benchmark is running. Stop it after its current trial and quit?") ||
      endRunBeforeClosing(event, y1564_ ? y1564_->y1564Run() : nullptr, "Y.1564 test running",
                          "A Y.1564 test is running. Stop it after its current step and quit?") ||
      endRunBeforeClosing(event, rfc2889_ ? rfc2889_->rfc2889Run() : nullptr, "RFC 2889 test running",
                          "An RFC 2889 test is running. Stop it after its current trial and quit?") ||
      endFlowsBeforeClosing(event))
    return;
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
