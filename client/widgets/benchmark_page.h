#pragma once
/// The Benchmark page (Tools > Benchmark…): RFC 2544 and NDR/PDR searches on ports of the
/// connected drones, through the runner the CLI uses. Settings on the left; Run starts it on a
/// worker thread with a progress bar naming the current trial, live charts (throughput per frame
/// size against the theoretical line rate; loss against offered load of every trial) and a
/// results table; Stop keeps what was measured; Save writes the HTML, JSON, CSV and JUnit reports.
#include <QWidget>

#include <memory>
#include <optional>

#include "client/models/benchmark_results_model.h"
#include "client/models/port_tree_model.h"
#include "client/widgets/benchmark_executor_factory.h"
#include "client/widgets/benchmark_run.h"
#include "client/widgets/run_controls.h"

class QLabel;
class QProgressBar;
class QTableView;
class QTimer;

namespace staccato::client {

class BenchmarkChartView;
class BenchmarkForm;

class BenchmarkPage : public QWidget {
  Q_OBJECT
 public:
  BenchmarkPage(PortTreeModel* ports, QWidget* parent = nullptr);
  ~BenchmarkPage() override;

  /// What makes the executor for a run; without one, Run is disabled and the page says why.
  void setExecutorFactory(std::shared_ptr<BenchmarkExecutorFactory> factory);

  /// Runs the form's benchmark (what the Run button does); false with the reason shown when it
  /// cannot start.
  bool run();
  void stop();
  /// Writes every report of the last run next to `path` (NAME.html, .json, .csv, .trials.csv,
  /// .junit.xml); the reason is shown on failure.
  bool saveReports(const QString& path);

  /// Checks trials against the calibration in `path` (a `staccato-cli benchmark calibrate
  /// --json` file, or any benchmark result holding one) instead of the executor's; false with
  /// the reason shown when the file holds none.
  bool loadCalibration(const QString& path);
  /// Back to the executor's calibration (none for drones unless loaded).
  void clearCalibration();

  BenchmarkForm* form() const { return form_; }
  BenchmarkRun* benchmarkRun() const { return run_; }
  BenchmarkResultsModel* results() { return &results_; }
  BenchmarkChartView* throughputChart() const { return throughputChart_; }
  BenchmarkChartView* lossChart() const { return lossChart_; }
  QProgressBar* progressBar() const { return progress_; }
  QString statusText() const;

 private:
  void onProgress();
  void onFinished();
  /// Redraws the charts and the table from the run's result so far (coalesced while running).
  void refresh();
  void updateButtons();
  void showStatus(const QString& text, bool error);
  void askAndSave();
  void showCalibration();

  std::shared_ptr<BenchmarkExecutorFactory> factory_;
  std::optional<bench::Calibration> calibration_;  ///< loaded by the user: wins over the executor's
  BenchmarkRun* run_;
  BenchmarkResultsModel results_;
  BenchmarkForm* form_;
  RunControls controls_;
  QLabel* trial_;
  QLabel* calibrationText_;
  QProgressBar* progress_;
  BenchmarkChartView* throughputChart_;
  BenchmarkChartView* lossChart_;
  QTableView* table_;
  QTimer* redraw_;
};

}  // namespace staccato::client
