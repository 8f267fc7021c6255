#pragma once
/// The main window: ports tree (drones → ports) on the left, the selected port's stream table,
/// and below it port stats, stream stats, charts and logs. Every action is also in a menu with
/// a shortcut; layout, recent files and drones are remembered (never tokens).
#include <QMainWindow>

#include <memory>
#include <optional>

#include "client/widgets/workspace.h"

class QLabel;
class QTabWidget;
class QTableView;
class QTreeView;
class QUndoGroup;
class QMenu;

namespace staccato::client {

class BenchmarkExecutorFactory;
class BenchmarkPage;
class CaptureActions;
class FlowsPage;
class RecordingActions;
class LogPane;
class Rfc2889Page;
class Rfc2889ProbeFactory;
class SessionActions;
class StatsCharts;
class StreamTable;
class WorkerRun;
class Y1564ExecutorFactory;
class Y1564Page;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(Workspace* workspace, QWidget* parent = nullptr);
  ~MainWindow() override;

  /// The port whose streams are shown, if any.
  std::optional<PortRef> currentPort() const { return current_; }
  void selectPort(const PortRef& port);
  /// Loads a stream file into a port (one undo step); errors go to the log and a message box
  /// unless `quiet`.
  bool loadStreamFile(const QString& path, const PortRef& port, bool quiet = false);

  StreamTable* streamTable() const { return streamTable_; }
  StatsCharts* charts() const { return charts_; }
  LogPane* logPane() const { return logPane_; }
  SessionActions* sessionActions() const { return sessions_; }
  CaptureActions* captureActions() const { return captures_; }
  RecordingActions* recordingActions() const { return recordings_; }
  QTabWidget* bottomTabs() const { return bottomTabs_; }
  /// What runs benchmarks on the drones (Tools > Benchmark…); without it the page cannot run.
  void setBenchmarkExecutorFactory(std::shared_ptr<BenchmarkExecutorFactory> factory);
  /// The Benchmark page (a window of its own), created on first use.
  BenchmarkPage* benchmarkPage();
  /// What runs Y.1564 on the drones (Tools > Y.1564 service activation…).
  void setY1564ExecutorFactory(std::shared_ptr<Y1564ExecutorFactory> factory);
  /// The Y.1564 page (a window of its own), created on first use.
  Y1564Page* y1564Page();
  /// What runs RFC 2889 on the drones (Tools > RFC 2889 switch tests…).
  void setRfc2889ProbeFactory(std::shared_ptr<Rfc2889ProbeFactory> factory);
  /// The RFC 2889 page (a window of its own), created on first use.
  Rfc2889Page* rfc2889Page();
  /// The Flows page (Tools > Flows…, a window of its own), created on first use.
  FlowsPage* flowsPage();

 protected:
  void closeEvent(QCloseEvent* event) override;
  bool eventFilter(QObject* watched, QEvent* event) override;
  /// Dropping a session file anywhere on the window opens it.
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  void buildActions();
  void buildLayout();
  void buildMenus();
  void onPortSelected();
  void updateHeader();
  void updateStatusBar();
  std::vector<PortRef> selectedPorts() const;
  void runOnPorts(const std::vector<PortRef>& ports, void (Workspace::*action)(const std::vector<PortRef>&, Workspace::Done));
  void connectDrone();
  void openStreamFile();
  void saveStreamFile();
  void openSession(bool alwaysAskMapping);
  void openFleet();
  void saveSession();
  /// A session file opens as a session, anything else loads into `port` (if any) as streams.
  void openAnyFile(const QString& path, const std::optional<PortRef>& port);
  void configurePort();
  void reservePort(bool reserve);
  /// The selected sending ports at a multiple of their streams' rates, at once (SetRate).
  void scaleRate();
  void exportCsv(QTableView* view, const QString& what);
  void addRecentFile(const QString& path);
  void rebuildRecentMenu();
  void showError(const QString& what, const QString& message);
  /// A test still running (`run`, may be null) ends before the window closes: asks `question`,
  /// stops it and closes once it has finished. True when the close waits for it.
  bool endRunBeforeClosing(QCloseEvent* event, WorkerRun* run, const QString& title, const QString& question);
  /// The same for a flow run: both sides stopped before the window closes.
  bool endFlowsBeforeClosing(QCloseEvent* event);
  void restoreSettings();
  void saveSettings();

  Workspace* workspace_;
  std::optional<PortRef> current_;
  QTreeView* portTree_ = nullptr;
  StreamTable* streamTable_ = nullptr;
  QLabel* header_ = nullptr;
  QLabel* dirtyBanner_ = nullptr;
  QTabWidget* bottomTabs_ = nullptr;
  QTableView* portStatsView_ = nullptr;
  QTableView* streamStatsView_ = nullptr;
  StatsCharts* charts_ = nullptr;
  LogPane* logPane_ = nullptr;
  QLabel* statusRates_ = nullptr;
  QLabel* statusDrones_ = nullptr;
  QUndoGroup* undoGroup_ = nullptr;
  QMenu* recentMenu_ = nullptr;
  SessionActions* sessions_ = nullptr;
  CaptureActions* captures_ = nullptr;
  RecordingActions* recordings_ = nullptr;
  BenchmarkPage* benchmark_ = nullptr;
  std::shared_ptr<BenchmarkExecutorFactory> benchmarkFactory_;
  Y1564Page* y1564_ = nullptr;
  std::shared_ptr<Y1564ExecutorFactory> y1564Factory_;
  Rfc2889Page* rfc2889_ = nullptr;
  std::shared_ptr<Rfc2889ProbeFactory> rfc2889Factory_;
  FlowsPage* flows_ = nullptr;
  struct {
    QAction *connect, *openFleet, *open, *save, *openSession, *openSessionMapped, *saveSession, *quit, *apply, *revert, *start, *stop, *scaleRate, *clear, *startAll, *stopAll, *configure, *neighbors,
        *reserve, *release, *undo, *redo, *benchmark, *y1564, *rfc2889, *flows;
  } act_{};
};

}  // namespace staccato::client
