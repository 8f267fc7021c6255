#include "client/widgets/y1564_page.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "client/core/benchmark/y1564_report_charts.h"
#include "client/models/qs.h"
#include "client/models/y1564_reports.h"
#include "client/widgets/benchmark_chart_view.h"
#include "client/widgets/status_line.h"
#include "client/widgets/y1564_form.h"

namespace staccato::client {
namespace {

constexpr int kProgressSteps = 1000;
constexpr int kRedrawMs = 200;  // the chart and table redraw at most 5 times a second

}  // namespace

Y1564Page::Y1564Page(PortTreeModel* ports, QWidget* parent) : QWidget(parent), run_(new Y1564Run(this)), results_(this) {
  setObjectName("y1564Page");
  setWindowTitle(tr("Y.1564 service activation — Staccato"));
  form_ = new Y1564Form(ports, this);
  runButton_ = new QPushButton(tr("Run"), this);
  runButton_->setObjectName("y1564Run");
  runButton_->setDefault(true);
  stopButton_ = new QPushButton(tr("Stop"), this);
  stopButton_->setObjectName("y1564Stop");
  stopButton_->setToolTip(tr("End after the current step, or within a second of the performance test; what was measured is kept"));
  saveButton_ = new QPushButton(tr("Save reports…"), this);
  saveButton_->setObjectName("y1564Save");
  saveButton_->setToolTip(tr("HTML, JSON, CSV and JUnit reports of the last run"));
  status_ = new StatusLine(this);
  status_->setObjectName("y1564Status");
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(runButton_);
  buttons->addWidget(stopButton_);
  buttons->addWidget(saveButton_);
  auto* left = new QWidget(this);
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  leftLayout->addWidget(form_, 1);
  leftLayout->addLayout(buttons);
  leftLayout->addWidget(status_);

  step_ = new QLabel(tr("Not run yet."), this);
  step_->setObjectName("y1564Step");
  step_->setStyleSheet("font-weight:600");
  verdict_ = new QLabel(this);
  verdict_->setObjectName("y1564Verdict");
  verdict_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
  progress_ = new QProgressBar(this);
  progress_->setObjectName("y1564Progress");
  progress_->setRange(0, kProgressSteps);
  progress_->setValue(0);
  progress_->setFormat("%p %");
  auto* top = new QGridLayout;
  top->addWidget(step_, 0, 0);
  top->addWidget(progress_, 1, 0);
  top->addWidget(verdict_, 0, 1, 2, 1);
  top->setColumnStretch(0, 1);
  lossChart_ = new BenchmarkChartView(BenchmarkChartView::Style::kLines, this);
  lossChart_->setObjectName("y1564LossChart");
  lossChart_->setFixedYRange(0, 100);
  lossChart_->setTightX(true);
  table_ = new QTableView(this);
  table_->setObjectName("y1564Results");
  table_->setModel(&results_);
  table_->setAlternatingRowColors(true);
  table_->setWordWrap(false);
  table_->verticalHeader()->hide();
  table_->horizontalHeader()->setStretchLastSection(true);
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(lossChart_);
  split->addWidget(table_);
  split->setSizes({420, 380});
  auto* right = new QVBoxLayout;
  right->addLayout(top);
  right->addWidget(split, 1);

  auto* columns = new QSplitter(Qt::Horizontal, this);
  auto* rightWidget = new QWidget(this);
  rightWidget->setLayout(right);
  right->setContentsMargins(0, 0, 0, 0);
  columns->addWidget(left);
  columns->addWidget(rightWidget);
  columns->setStretchFactor(1, 1);
  columns->setSizes({620, 820});
  auto* layout = new QHBoxLayout(this);
  layout->addWidget(columns);

  redraw_ = new QTimer(this);
  redraw_->setSingleShot(true);
  redraw_->setInterval(kRedrawMs);
  connect(redraw_, &QTimer::timeout, this, &Y1564Page::refresh);
  connect(runButton_, &QPushButton::clicked, this, &Y1564Page::run);
  connect(stopButton_, &QPushButton::clicked, this, &Y1564Page::stop);
  connect(saveButton_, &QPushButton::clicked, this, &Y1564Page::askAndSave);
  connect(form_, &Y1564Form::message, this, &Y1564Page::showStatus);
  for (auto signal : {&Y1564Run::opened, &Y1564Run::stepDone, &Y1564Run::secondDone})
    connect(run_, signal, this, [this] {
      showProgress();
      if (!redraw_->isActive()) redraw_->start();
    });
  connect(run_, &Y1564Run::finished, this, &Y1564Page::onFinished);
  refresh();
  showVerdict({});
  updateButtons();
  resize(1440, 860);
}

Y1564Page::~Y1564Page() = default;

void Y1564Page::setExecutorFactory(std::shared_ptr<Y1564ExecutorFactory> factory) {
  factory_ = std::move(factory);
  updateButtons();
}

QString Y1564Page::stepText() const { return step_->text(); }
QString Y1564Page::verdictText() const { return verdict_->text(); }
QString Y1564Page::statusText() const { return status_->text(); }

void Y1564Page::showStatus(const QString& text, bool error) { status_->showMessage(text, error); }

void Y1564Page::showVerdict(const QString& word) {
  const char* colour = word == "PASS" ? "#1b7f3b" : word == "FAIL" ? "#b00020" : "#8a5a00";
  verdict_->setStyleSheet(QString("font-size:28pt; font-weight:700; color:%1; padding:0 12px").arg(colour));
  verdict_->setText(word);
}

void Y1564Page::updateButtons() {
  const bool running = run_->running();
  runButton_->setEnabled(factory_ && !running);
  runButton_->setToolTip(factory_ ? tr("Check the settings and run the tests on the chosen ports")
                                  : tr("This build has no Y.1564 executor for drones"));
  stopButton_->setEnabled(running && !run_->stopRequested());
  const bench::Y1564Result& r = run_->result();
  saveButton_->setEnabled(!running && (!r.configuration.empty() || !r.performance.empty()));
  form_->setEnabled(!running);
  const QString none = tr("Y.1564 cannot run here: no executor drives the drones in this build.");
  if (!factory_ && !running) showStatus(none, true);
  else if (status_->text() == none) showStatus({}, false);
}

bool Y1564Page::run() {
  if (!factory_ || run_->running()) return false;
  auto config = form_->checkedConfig();
  if (!config) {
    showStatus(qs(config.error().toString()), true);
    return false;
  }
  auto target = form_->target();
  if (!target) {
    showStatus(tr("No port to send on: connect a drone first."), true);
    return false;
  }
  form_->saveSettings();
  auto open = factory_->create(*config, *target);
  if (!open) {
    showStatus(tr("Cannot start: %1").arg(qs(open.error().toString())), true);
    return false;
  }
  const std::string generator = "staccato " + QCoreApplication::applicationVersion().toStdString();
  run_->start(*config, form_->tests(), std::move(*open), generator, form_->portsText().toStdString());
  progress_->setValue(0);
  step_->setText(tr("Opening the ports…"));
  showVerdict({});
  showStatus(tr("Running. The test replaces the chosen ports' streams with its own."), false);
  refresh();
  updateButtons();
  return true;
}

void Y1564Page::stop() {
  if (!run_->running()) return;
  run_->stop();
  showStatus(tr("Stopping after the current step or second…"), false);
  updateButtons();
}

void Y1564Page::onFinished() {
  redraw_->stop();
  refresh();
  const bench::Y1564Result& r = run_->result();
  const QString done = tr("%1 of %2 steps").arg(r.configuration.size()).arg(run_->progress().plan.size());
  const QString seconds = r.performance.empty() ? QString() : tr(", %1 s of the performance test").arg(run_->progress().secondsDone);
  // A stop in the performance test ends it early without an error: its seconds are kept, not judged.
  if (r.error == "stopped" || run_->stopRequested()) {
    step_->setText(tr("Stopped after %1%2; what was measured is kept.").arg(done, seconds));
    showStatus(tr("Stopped."), false);
  } else if (!r.error.empty()) {
    step_->setText(tr("Ended by an error after %1%2.").arg(done, seconds));
    showStatus(qs(r.error), true);
  } else {
    progress_->setValue(kProgressSteps);
    step_->setText(tr("Done: %1%2.").arg(done, seconds));
    showStatus(tr("Done. Save the reports to keep them."), false);
  }
  showVerdict(qs(r.verdictWord()));
  updateButtons();
}

void Y1564Page::showProgress() {
  const Y1564Progress& p = run_->progress();
  step_->setText(p.text(run_->result().config));
  progress_->setValue(int(kProgressSteps * p.fraction()));
}

void Y1564Page::refresh() {
  const Y1564Progress& p = run_->progress();
  results_.setResult(run_->result());
  table_->resizeColumnsToContents();
  // The result's seconds once the run has them all, the live ones until then.
  const bench::Y1564Result& seconds = run_->result().performance.empty() ? run_->secondsSoFar() : run_->result();
  const bool performs = p.performanceSeconds > 0 || p.plan.empty();  // before the run opens, it may
  lossChart_->showChart(bench::y1564LossChart(seconds), performs ? tr("the performance test's seconds appear as they end")
                                                                 : tr("this run has no performance test"));
}

bool Y1564Page::saveReports(const QString& path) {
  if (auto s = saveY1564Reports(path, run_->result()); !s) {
    showStatus(tr("Cannot save: %1").arg(qs(s.error().toString())), true);
    return false;
  }
  showStatus(tr("Saved %1").arg(y1564ReportPaths(path).join(", ")), false);
  return true;
}

void Y1564Page::askAndSave() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Save Y.1564 reports"), "y1564.html",
                                                    tr("HTML report, with .json, .csv and .junit.xml beside it (*.html)"));
  if (!path.isEmpty()) saveReports(path);
}

}  // namespace staccato::client
