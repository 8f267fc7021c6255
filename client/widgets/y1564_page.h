#pragma once
/// The Y.1564 page (Tools > Y.1564 service activation…): ITU-T Y.1564's service configuration
/// and performance tests on two ports of the connected drones, through the runner the CLI uses.
/// Settings on the left (Y1564Form); Run checks them and starts the test on a worker thread,
/// with progress naming the step (in the performance test, the second and a live chart of each
/// service's loss per second), the results table and the overall verdict in large text. Stop
/// keeps what was measured; Save writes the HTML, JSON, CSV and JUnit reports.
#include <QWidget>

#include <memory>

#include "client/models/port_tree_model.h"
#include "client/models/y1564_results_model.h"
#include "client/widgets/run_controls.h"
#include "client/widgets/y1564_executor_factory.h"
#include "client/widgets/y1564_run.h"

class QLabel;
class QProgressBar;
class QTableView;
class QTimer;

namespace staccato::client {

class BenchmarkChartView;
class Y1564Form;

class Y1564Page : public QWidget {
  Q_OBJECT
 public:
  Y1564Page(PortTreeModel* ports, QWidget* parent = nullptr);
  ~Y1564Page() override;

  /// What makes the executor for a run; without one, Run is disabled and the page says why.
  void setExecutorFactory(std::shared_ptr<Y1564ExecutorFactory> factory);

  /// Checks the form and runs it (what the Run button does); false with the reason shown when
  /// it cannot start.
  bool run();
  void stop();
  /// Writes every report of the last run next to `path` (NAME.html, .json, .csv, .junit.xml);
  /// the reason is shown on failure.
  bool saveReports(const QString& path);

  Y1564Form* form() const { return form_; }
  Y1564Run* y1564Run() const { return run_; }
  Y1564ResultsModel* results() { return &results_; }
  BenchmarkChartView* lossChart() const { return lossChart_; }
  QProgressBar* progressBar() const { return progress_; }
  QString stepText() const;
  QString verdictText() const;
  QString statusText() const;

 private:
  void onFinished();
  /// The step or second running now, and the progress bar (at once: cheap).
  void showProgress();
  /// Redraws the progress, chart and table from the run so far (coalesced while running).
  void refresh();
  void updateButtons();
  void showStatus(const QString& text, bool error);
  void showVerdict(const QString& word);
  void askAndSave();

  std::shared_ptr<Y1564ExecutorFactory> factory_;
  Y1564Run* run_;
  Y1564ResultsModel results_;
  Y1564Form* form_;
  RunControls controls_;
  QLabel* step_;
  QLabel* verdict_;
  QProgressBar* progress_;
  BenchmarkChartView* lossChart_;
  QTableView* table_;
  QTimer* redraw_;
};

}  // namespace staccato::client
