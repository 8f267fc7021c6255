#pragma once
/// The RFC 2889 page (Tools > RFC 2889 switch tests…): address caching capacity, address learning
/// rate, fully meshed, one-to-many and many-to-one throughput, congestion control, forward pressure
/// and maximum forwarding rate, errored frames filtering and broadcast forwarding on ports of the connected drones, through the probes and searches the CLI uses.
/// Settings on the left (Rfc2889Form); Run checks them and starts the test on a worker thread,
/// with a line per trial as it ends, the results table (a row per trial; for the traffic tests,
/// the pairs of the selected trial, or of the trial at the throughput) and the answer in large
/// type (congestion control, forward pressure, errored frames: their verdicts, their counts below). Stop keeps what was measured; Save result… writes
/// the result file the CLI's --json writes.
#include <QWidget>

#include <memory>

#include "client/models/port_tree_model.h"
#include "client/models/rfc2889_pairs_model.h"
#include "client/models/rfc2889_trials_model.h"
#include "client/widgets/rfc2889_probe_factory.h"
#include "client/widgets/rfc2889_run.h"
#include "client/widgets/run_controls.h"

class QLabel;
class QProgressBar;
class QTableView;
class QTimer;

namespace staccato::client {

class Rfc2889Form;

class Rfc2889Page : public QWidget {
  Q_OBJECT
 public:
  Rfc2889Page(PortTreeModel* ports, QWidget* parent = nullptr);
  ~Rfc2889Page() override;

  /// What makes the probe for a run; without one, Run is disabled and the page says why.
  void setExecutorFactory(std::shared_ptr<Rfc2889ProbeFactory> factory);

  /// Checks the form and runs it (what the Run button does); false with the reason shown when
  /// it cannot start.
  bool run();
  void stop();
  /// Writes the last run's result file (JSON) to `path`; the reason is shown on failure.
  bool saveResult(const QString& path);

  Rfc2889Form* form() const { return form_; }
  Rfc2889Run* rfc2889Run() const { return run_; }
  Rfc2889TrialsModel* trials() { return &trials_; }
  Rfc2889PairsModel* pairs() { return &pairs_; }
  QTableView* trialsView() const { return trialsView_; }
  QString stepText() const;
  QString answerText() const;
  /// Which trial's pairs are shown ("" when none are).
  QString pairsText() const;
  QString statusText() const;

 private:
  void onOpened();
  void onTrialDone();
  void onFinished();
  /// Redraws the table and the pairs from the run so far (coalesced while running).
  void refresh();
  /// The pairs of the selected trial, else of the trial the answer stands on (the last one while
  /// running); hidden for the address tests.
  void showPairs();
  void updateButtons();
  void showStatus(const QString& text, bool error);
  void showAnswer();
  void askAndSave();

  std::shared_ptr<Rfc2889ProbeFactory> factory_;
  Rfc2889Run* run_;
  Rfc2889TrialsModel trials_;
  Rfc2889PairsModel pairs_;
  Rfc2889Form* form_;
  RunControls controls_;
  QLabel* step_;
  QProgressBar* progress_;
  QLabel* answer_;
  QLabel* detail_;
  QTableView* trialsView_;
  QWidget* pairsPane_;
  QLabel* pairsCaption_;
  QTableView* pairsView_;
  QTimer* redraw_;
};

}  // namespace staccato::client
