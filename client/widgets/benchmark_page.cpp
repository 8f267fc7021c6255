#include "client/widgets/benchmark_page.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "client/core/benchmark/report_charts.h"
#include "client/core/benchmark/result_json.h"
#include "client/models/benchmark_progress.h"
#include "client/models/benchmark_reports.h"
#include "client/models/qs.h"
#include "client/widgets/benchmark_chart_view.h"
#include "client/widgets/benchmark_form.h"
#include "client/widgets/run_page_widgets.h"

namespace staccato::client {

BenchmarkPage::BenchmarkPage(PortTreeModel* ports, QWidget* parent)
    : QWidget(parent),
      run_(new BenchmarkRun(this)),
      results_(this),
      form_(new BenchmarkForm(ports, this)),  // before the buttons: first in the tab order
      controls_(this, "benchmark",
                {tr("End before the next trial; what was measured is kept"), tr("Run the benchmark on the chosen ports"),
                 tr("This build has no benchmark executor for drones"),
                 tr("Benchmarks cannot run here: no executor drives the drones in this build.")},
                {[this] { run(); }, [this] { stop(); }, [this] { askAndSave(); }}) {
  setObjectName("benchmarkPage");
  setWindowTitle(tr("Benchmark — Staccato"));
  calibrationText_ = new QLabel(this);
  calibrationText_->setObjectName("benchmarkCalibration");
  calibrationText_->setWordWrap(true);
  auto* loadCalibration = new QPushButton(tr("Calibration…"), this);
  loadCalibration->setToolTip(tr("Check every trial against a generator calibration "
                                 "(staccato-cli benchmark calibrate --json, or an earlier result)"));
  auto* noCalibration = new QPushButton(tr("None"), this);
  auto* calibrationRow = new QHBoxLayout;
  calibrationRow->addWidget(calibrationText_, 1);
  calibrationRow->addWidget(loadCalibration);
  calibrationRow->addWidget(noCalibration);
  connect(loadCalibration, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Generator calibration"), {}, tr("Benchmark JSON (*.json)"));
    if (!path.isEmpty()) this->loadCalibration(path);
  });
  connect(noCalibration, &QPushButton::clicked, this, &BenchmarkPage::clearCalibration);
  auto* left = new QWidget(this);
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  leftLayout->addWidget(form_, 1);
  leftLayout->addLayout(calibrationRow);
  controls_.addTo(leftLayout);
  left->setMaximumWidth(380);

  trial_ = makeRunStepLabel(this, "benchmarkTrial");
  progress_ = makeRunProgressBar(this, "benchmarkProgress");
  throughputChart_ = new BenchmarkChartView(BenchmarkChartView::Style::kLines, this);
  throughputChart_->setObjectName("benchmarkThroughputChart");
  throughputChart_->setLogY(true);
  lossChart_ = new BenchmarkChartView(BenchmarkChartView::Style::kPoints, this);
  lossChart_->setObjectName("benchmarkLossChart");
  lossChart_->setFixedXRange(0, 100);
  auto* charts = new QSplitter(Qt::Horizontal, this);
  charts->addWidget(throughputChart_);
  charts->addWidget(lossChart_);
  table_ = makeResultsTable(this, &results_, "benchmarkResults");
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(charts);
  split->addWidget(table_);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  split->setSizes({520, 300});
  auto* right = new QVBoxLayout;
  right->addWidget(trial_);
  right->addWidget(progress_);
  right->addWidget(split, 1);

  auto* layout = new QHBoxLayout(this);
  layout->addWidget(left);
  layout->addLayout(right, 1);

  redraw_ = makeRedrawTimer(this, [this] { refresh(); });
  connect(run_, &BenchmarkRun::progress, this, &BenchmarkPage::onProgress);
  for (auto signal : {&BenchmarkRun::trialDone, &BenchmarkRun::sizeDone})
    connect(run_, signal, this, [this] { redrawSoon(redraw_); });
  connect(run_, &BenchmarkRun::finished, this, &BenchmarkPage::onFinished);
  refresh();
  showCalibration();
  updateButtons();
  resize(1280, 800);
}

BenchmarkPage::~BenchmarkPage() = default;

void BenchmarkPage::setExecutorFactory(std::shared_ptr<BenchmarkExecutorFactory> factory) {
  factory_ = std::move(factory);
  updateButtons();
}

QString BenchmarkPage::statusText() const { return controls_.statusText(); }

void BenchmarkPage::showStatus(const QString& text, bool error) { controls_.showStatus(text, error); }

void BenchmarkPage::updateButtons() {
  controls_.update({.haveExecutor = bool(factory_),
                    .running = run_->running(),
                    .stopRequested = run_->stopRequested(),
                    .haveResult = !run_->result().trials.empty()});
  form_->setEnabled(!run_->running());
}

bool BenchmarkPage::run() {
  if (!factory_ || run_->running()) return false;
  auto config = benchmarkConfig(form_->setup());
  if (!config) {
    showStatus(qs(config.error().toString()), true);
    return false;
  }
  form_->saveSettings();
  BenchmarkTarget target;
  target.pairs = form_->pairs();
  target.reflect = form_->reflector()->swap();
  auto prepared = factory_->create(*config, target);
  if (!prepared) {
    showStatus(tr("Cannot start: %1").arg(qs(prepared.error().toString())), true);
    return false;
  }
  const std::string generator = "staccato " + QCoreApplication::applicationVersion().toStdString();
  if (calibration_) prepared->calibration = *calibration_;
  run_->start(*config, prepared->calibration, std::move(prepared->executor), generator);
  showRunFraction(progress_, 0);
  trial_->setText(tr("Starting…"));
  showStatus((prepared->calibration.points.empty()
                  ? tr("Running. The generator is not calibrated: only a shortfall of offered load marks a trial tester-limited.")
                  : tr("Running, checked against the calibration of %1.").arg(qs(prepared->calibration.setup))) +
                 tr(" The benchmark replaces the chosen ports' streams with its own."),
             false);
  refresh();
  updateButtons();
  return true;
}

void BenchmarkPage::stop() {
  if (!run_->running()) return;
  run_->stop();
  showStatus(tr("Stopping after the current trial…"), false);
  updateButtons();
}

void BenchmarkPage::onProgress() {
  const bench::ProgressEvent& e = run_->current();
  trial_->setText(progressText(e));
  showRunFraction(progress_, progressFraction(e, run_->result().config));
}

void BenchmarkPage::onFinished() {
  redraw_->stop();
  refresh();
  const bench::BenchmarkResult& r = run_->result();
  double sending = 0;  // what the trials took on the wire, however long the run's other steps took
  for (const bench::TrialResult& t : r.trials) sending += t.durationSeconds;
  const QString trials = QString("%1 %2 (%3 s of sending)")
                             .arg(r.trials.size())
                             .arg(r.trials.size() == 1 ? tr("trial") : tr("trials"))
                             .arg(sending, 0, 'f', 1);
  if (!r.error.empty()) {
    trial_->setText(tr("Ended by an error after %1.").arg(trials));
    showStatus(qs(r.error), true);
  } else if (r.stopped) {
    trial_->setText(tr("Stopped after %1; the frame sizes done are kept.").arg(trials));
    showStatus(tr("Stopped."), false);
  } else {
    showRunFraction(progress_, 1);
    trial_->setText(tr("Done: %1 frame %2, %3.").arg(r.sizes.size()).arg(r.sizes.size() == 1 ? tr("size") : tr("sizes"), trials));
    showStatus(tr("Done. Save the reports to keep them."), false);
  }
  updateButtons();
}

void BenchmarkPage::refresh() {
  const bench::BenchmarkResult& r = run_->result();
  results_.setResult(r);
  table_->resizeColumnsToContents();
  throughputChart_->showChart(bench::throughputChart(r), tr("each frame size appears once its search ends"));
  lossChart_->showChart(trialLossChart(r), tr("every trial appears as it ends"));
}

bool BenchmarkPage::loadCalibration(const QString& path) {
  auto file = bench::readResultFile(path.toStdString());
  if (!file) {
    showStatus(tr("Cannot use %1: %2").arg(path, qs(file.error().toString())), true);
    return false;
  }
  if (file->calibration.points.empty()) {
    showStatus(tr("%1 holds no calibration (staccato-cli benchmark calibrate --json writes one).").arg(path), true);
    return false;
  }
  calibration_ = std::move(file->calibration);
  showCalibration();
  return true;
}

void BenchmarkPage::clearCalibration() {
  calibration_.reset();
  showCalibration();
}

void BenchmarkPage::showCalibration() {
  if (!calibration_) {
    calibrationText_->setText(tr("Calibration: the executor's, if any"));
    return;
  }
  QStringList sizes;
  for (const bench::CalibrationPoint& p : calibration_->points) sizes << qs(p.frameSize.label());
  calibrationText_->setText(tr("Calibration: %1 (%2 B)").arg(qs(calibration_->setup), sizes.join(" ")));
}

bool BenchmarkPage::saveReports(const QString& path) {
  return controls_.showSaved(saveBenchmarkReports(path, run_->result()), benchmarkReportPaths(path));
}

void BenchmarkPage::askAndSave() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Save benchmark reports"), "benchmark.html",
                                                    tr("HTML report, with .json, .csv and .junit.xml beside it (*.html)"));
  if (!path.isEmpty()) saveReports(path);
}

}  // namespace staccato::client
