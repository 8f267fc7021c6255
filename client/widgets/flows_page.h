#pragma once
/// The Flows page (Tools > Flows…): a stateful flow run (docs/flows.md) between two ports of the
/// connected drones, as `staccato-cli flows run` makes it. A profile file on the left with its
/// summary (or its error, naming the member), the port for the clients and the one for the
/// servers (on one drone or two), Run and Stop; on the right, how far the run is over the
/// profile's phases, live charts (new connections a second, open connections, failures, connect
/// and first-byte p99), a row per template and the servers' counts; at the end the verdict line
/// the CLI prints, with the tester's own limits and an incomplete run said apart. Every call is
/// asynchronous (FlowsRun): the GUI never waits for a drone. Save writes the profile and both
/// sides' numbers as JSON, as the CLI's --json does.
///
/// With the RFC 9411 search box checked, Run searches instead (FlowsSearch, as `staccato-cli
/// benchmark rfc9411`): each trial a run of the profile at one load, shown live as one run is,
/// a table of the trials as they end (load, result and why, what was achieved) and the answer
/// above it: the load found, or incomplete with whose limit ended it.
#include <QWidget>

#include "client/widgets/flows_run.h"
#include "client/widgets/flows_search.h"
#include "client/widgets/run_controls.h"

class QLabel;
class QProgressBar;
class QTableView;

namespace staccato::client {

class FlowsCharts;
class FlowsProfileBox;
class FlowsSearchBox;
class FlowsSearchView;
class PortPicker;
class Workspace;

class FlowsPage : public QWidget {
  Q_OBJECT
 public:
  explicit FlowsPage(Workspace* workspace, QWidget* parent = nullptr);
  ~FlowsPage() override;

  /// Reads a profile file (what Open… does); false with its error shown.
  bool loadProfile(const QString& path);
  /// Checks the profile and ports (and the search's settings when its box is checked) and starts
  /// the run or the search (what Run does); false with the reason shown.
  bool run();
  void stop();
  /// Writes the last run as JSON to `path` (the last search: its reports, flowSearchReportPaths);
  /// false with the reason shown.
  bool saveResults(const QString& path);

  FlowsRun* flowsRun() const { return run_; }
  FlowsSearch* flowsSearch() const { return search_; }
  FlowsProfileBox* profileBox() const { return profile_; }
  FlowsSearchBox* searchBox() const { return searchBox_; }
  FlowsSearchView* searchView() const { return searchView_; }
  PortPicker* clientPort() const { return clientPort_; }
  PortPicker* serverPort() const { return serverPort_; }
  FlowsCharts* charts() const { return charts_; }
  QTableView* table() const { return table_; }
  QProgressBar* progressBar() const { return progress_; }
  QString stepText() const;
  QString verdictText() const;
  QString warningText() const;
  QString serverText() const;
  QString statusText() const;

 private:
  void onRead();
  void onFinished();
  void onTrialStarted();
  void onTrialEnded();
  void onSearchFinished();
  /// The clients' and the servers' sides chosen, or false with the reason shown.
  bool chooseSides(FlowsRun::Side& clients, FlowsRun::Side& servers);
  void updateButtons();
  void showStatus(const QString& text, bool error);
  void askAndSave();

  Workspace* workspace_;
  FlowsRun* run_;
  FlowsSearch* search_;
  FlowsProfileBox* profile_;
  PortPicker* clientPort_;
  PortPicker* serverPort_;
  FlowsSearchBox* searchBox_;
  RunControls controls_;
  QLabel* step_;
  QProgressBar* progress_;
  QLabel* verdict_;
  QLabel* warnings_;
  FlowsSearchView* searchView_;
  bool lastWasSearch_ = false;  ///< what Save writes: the last search, or the last run
  FlowsCharts* charts_;
  QTableView* table_;
  QLabel* servers_;
};

}  // namespace staccato::client
