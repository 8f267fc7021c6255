#include "client/widgets/y1564_page.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "client/core/benchmark/y1564_report_charts.h"
#include "client/models/qs.h"
#include "client/models/y1564_reports.h"
#include "client/widgets/benchmark_chart_view.h"
#include "client/widgets/run_page_widgets.h"
#include "client/widgets/y1564_form.h"

namespace staccato::client {

Y1564Page::Y1564Page(PortTreeModel* ports, QWidget* parent)
    : QWidget(parent),
      run_(new Y1564Run(this)),
      results_(this),
      form_(new Y1564Form(ports, this)),  // before the buttons: first in the tab order
      controls_(this, "y1564",
                {tr("End after the current step, or within a second of the performance test; what was measured is kept"),
                 tr("Check the settings and run the tests on the chosen ports"),
                 tr("This build has no Y.1564 executor for drones"),
                 tr("Y.1564 cannot run here: no executor drives the drones in this build.")},
                {[this] { run(); }, [this] { stop(); }, [this] { askAndSave(); }}) {
  setObjectName("y1564Page");
  setWindowTitle(tr("Y.1564 service activation — Staccato"));
  auto* left = new QWidget(this);
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  leftLayout->addWidget(form_, 1);
  controls_.addTo(leftLayout);

  step_ = makeRunStepLabel(this, "y1564Step");
  verdict_ = new QLabel(this);
  verdict_->setObjectName("y1564Verdict");
  verdict_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
  progress_ = makeRunProgressBar(this, "y1564Progress");
  auto* top = new QGridLayout;
  top->addWidget(step_, 0, 0);
  top->addWidget(progress_, 1, 0);
  top->addWidget(verdict_, 0, 1, 2, 1);
  top->setColumnStretch(0, 1);
  lossChart_ = new BenchmarkChartView(BenchmarkChartView::Style::kLines, this);
  lossChart_->setObjectName("y1564LossChart");
  lossChart_->setFixedYRange(0, 100);
  lossChart_->setTightX(true);
  table_ = makeResultsTable(this, &results_, "y1564Results");
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

  redraw_ = makeRedrawTimer(this, [this] { refresh(); });
  connect(form_, &Y1564Form::message, this, &Y1564Page::showStatus);
  for (auto signal : {&Y1564Run::opened, &Y1564Run::stepDone, &Y1564Run::secondDone})
    connect(run_, signal, this, [this] {
      showProgress();
      redrawSoon(redraw_);
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
QString Y1564Page::statusText() const { return controls_.statusText(); }

void Y1564Page::showStatus(const QString& text, bool error) { controls_.showStatus(text, error); }

void Y1564Page::showVerdict(const QString& word) {
  const char* colour = word == "PASS" ? "#1b7f3b" : word == "FAIL" ? "#b00020" : "#8a5a00";
  verdict_->setStyleSheet(QString("font-size:28pt; font-weight:700; color:%1; padding:0 12px").arg(colour));
  verdict_->setText(word);
}

void Y1564Page::updateButtons() {
  const bench::Y1564Result& r = run_->result();
  controls_.update({.haveExecutor = bool(factory_),
                    .running = run_->running(),
                    .stopRequested = run_->stopRequested(),
                    .haveResult = !r.configuration.empty() || !r.performance.empty()});
  form_->setEnabled(!run_->running());
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
  showRunFraction(progress_, 0);
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
    showRunFraction(progress_, 1);
    step_->setText(tr("Done: %1%2.").arg(done, seconds));
    showStatus(tr("Done. Save the reports to keep them."), false);
  }
  showVerdict(qs(r.verdictWord()));
  updateButtons();
}

void Y1564Page::showProgress() {
  const Y1564Progress& p = run_->progress();
  step_->setText(p.text(run_->result().config));
  showRunFraction(progress_, p.fraction());
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
  return controls_.showSaved(saveY1564Reports(path, run_->result()), y1564ReportPaths(path));
}

void Y1564Page::askAndSave() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Save Y.1564 reports"), "y1564.html",
                                                    tr("HTML report, with .json, .csv and .junit.xml beside it (*.html)"));
  if (!path.isEmpty()) saveReports(path);
}

}  // namespace staccato::client
