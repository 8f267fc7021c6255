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
#include <QWidget>

#include "client/widgets/flows_run.h"
#include "client/widgets/run_controls.h"

class QLabel;
class QProgressBar;
class QTableView;

namespace staccato::client {

class FlowsCharts;
class FlowsProfileBox;
class PortPicker;
class Workspace;

class FlowsPage : public QWidget {
  Q_OBJECT
 public:
  explicit FlowsPage(Workspace* workspace, QWidget* parent = nullptr);
  ~FlowsPage() override;

  /// Reads a profile file (what Open… does); false with its error shown.
  bool loadProfile(const QString& path);
  /// Checks the profile and ports and starts the run (what Run does); false with the reason shown.
  bool run();
  void stop();
  /// Writes the last run as JSON to `path`; false with the reason shown.
  bool saveResults(const QString& path);

  FlowsRun* flowsRun() const { return run_; }
  FlowsProfileBox* profileBox() const { return profile_; }
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
  void updateButtons();
  void showStatus(const QString& text, bool error);
  void askAndSave();

  Workspace* workspace_;
  FlowsRun* run_;
  FlowsProfileBox* profile_;
  PortPicker* clientPort_;
  PortPicker* serverPort_;
  RunControls controls_;
  QLabel* step_;
  QProgressBar* progress_;
  QLabel* verdict_;
  QLabel* warnings_;
  FlowsCharts* charts_;
  QTableView* table_;
  QLabel* servers_;
};

}  // namespace staccato::client
