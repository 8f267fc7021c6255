#include "client/widgets/rfc2889_page.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QProgressBar>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "client/models/number_format.h"
#include "client/models/qs.h"
#include "client/models/rfc2889_trial_words.h"
#include "client/widgets/rfc2889_form.h"
#include "client/widgets/rfc2889_verdicts.h"
#include "client/widgets/run_page_widgets.h"
#include "common/files/stream_file.h"

namespace staccato::client {
namespace {

QString loadText(const bench::TrafficTrial& t) { return formatCompact(t.load * 100, 2) + " %"; }

QString trialsText(size_t n) { return n == 1 ? QObject::tr("1 trial") : QObject::tr("%1 trials").arg(n); }

}  // namespace

Rfc2889Page::Rfc2889Page(PortTreeModel* ports, QWidget* parent)
    : QWidget(parent),
      run_(new Rfc2889Run(this)),
      trials_(this),
      pairs_(this),
      form_(new Rfc2889Form(ports, this)),  // before the buttons: first in the tab order
      controls_(this, "rfc2889",
                {tr("End after the current trial; what was measured is kept"),
                 tr("Check the settings and run the test on the chosen ports"),
                 tr("This build has no RFC 2889 executor for drones"),
                 tr("RFC 2889 cannot run here: no executor drives the drones in this build."), tr("Save result…"),
                 tr("The last run's result file (JSON, as staccato-cli benchmark rfc2889 --json writes it)")},
                {[this] { run(); }, [this] { stop(); }, [this] { askAndSave(); }}) {
  setObjectName("rfc2889Page");
  setWindowTitle(tr("RFC 2889 switch tests — Staccato"));
  auto* left = new QWidget(this);
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  leftLayout->addWidget(form_, 1);
  controls_.addTo(leftLayout);

  step_ = makeRunStepLabel(this, "rfc2889Step");
  step_->setWordWrap(true);
  progress_ = makeRunProgressBar(this, "rfc2889Progress");
  progress_->setTextVisible(false);
  answer_ = new QLabel(this);
  answer_->setObjectName("rfc2889Answer");
  answer_->setWordWrap(true);
  answer_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  detail_ = new QLabel(this);
  detail_->setObjectName("rfc2889Detail");
  detail_->setWordWrap(true);
  trialsView_ = makeResultsTable(this, &trials_, "rfc2889Trials");
  trialsView_->setSelectionBehavior(QAbstractItemView::SelectRows);
  trialsView_->setSelectionMode(QAbstractItemView::SingleSelection);
  trialsView_->setToolTip(tr("Select a traffic test's trial to see its pairs below"));
  pairsPane_ = new QWidget(this);
  auto* pairsLayout = new QVBoxLayout(pairsPane_);
  pairsLayout->setContentsMargins(0, 0, 0, 0);
  pairsCaption_ = new QLabel(pairsPane_);
  pairsCaption_->setObjectName("rfc2889PairsCaption");
  pairsCaption_->setStyleSheet("font-weight:600");
  pairsView_ = makeResultsTable(pairsPane_, &pairs_, "rfc2889Pairs");
  pairsView_->horizontalHeader()->setStretchLastSection(false);  // the latency stays by its pair
  pairsLayout->addWidget(pairsCaption_);
  pairsLayout->addWidget(pairsView_, 1);
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(trialsView_);
  split->addWidget(pairsPane_);
  split->setSizes({360, 440});

  auto* right = new QVBoxLayout;
  right->setContentsMargins(0, 0, 0, 0);
  right->addWidget(step_);
  right->addWidget(progress_);
  right->addWidget(answer_);
  right->addWidget(detail_);
  right->addWidget(split, 1);
  auto* rightWidget = new QWidget(this);
  rightWidget->setLayout(right);
  auto* columns = new QSplitter(Qt::Horizontal, this);
  columns->addWidget(left);
  columns->addWidget(rightWidget);
  columns->setStretchFactor(1, 1);
  columns->setSizes({520, 920});
  auto* layout = new QHBoxLayout(this);
  layout->addWidget(columns);

  redraw_ = makeRedrawTimer(this, [this] { refresh(); });
  connect(trialsView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &Rfc2889Page::showPairs);
  connect(run_, &Rfc2889Run::opened, this, &Rfc2889Page::onOpened);
  connect(run_, &Rfc2889Run::trialDone, this, &Rfc2889Page::onTrialDone);
  connect(run_, &Rfc2889Run::finished, this, &Rfc2889Page::onFinished);
  refresh();
  showAnswer();
  updateButtons();
  resize(1440, 860);
}

Rfc2889Page::~Rfc2889Page() = default;

void Rfc2889Page::setExecutorFactory(std::shared_ptr<Rfc2889ProbeFactory> factory) {
  factory_ = std::move(factory);
  updateButtons();
}

QString Rfc2889Page::stepText() const { return step_->text(); }
QString Rfc2889Page::answerText() const { return answer_->text(); }
QString Rfc2889Page::pairsText() const { return pairsPane_->isHidden() ? QString() : pairsCaption_->text(); }
QString Rfc2889Page::statusText() const { return controls_.statusText(); }

void Rfc2889Page::showStatus(const QString& text, bool error) { controls_.showStatus(text, error); }

void Rfc2889Page::updateButtons() {
  controls_.update({.haveExecutor = bool(factory_),
                    .running = run_->running(),
                    .stopRequested = run_->stopRequested(),
                    .haveResult = run_->hasResult()});
  form_->setEnabled(!run_->running());
}

bool Rfc2889Page::run() {
  if (!factory_ || run_->running()) return false;
  auto setup = form_->checkedSetup();
  if (!setup) {
    showStatus(qs(setup.error().toString()), true);
    return false;
  }
  form_->saveSettings();
  auto open = factory_->create(*setup);
  if (!open) {
    showStatus(tr("Cannot start: %1").arg(qs(open.error().toString())), true);
    return false;
  }
  std::vector<std::string> ports;
  for (const PortRef& p : setup->ports) ports.push_back(p.port + "@" + p.drone.toStdString());
  const std::string generator = "staccato " + QCoreApplication::applicationVersion().toStdString();
  run_->start(*setup, std::move(*open), generator, std::move(ports));
  progress_->setRange(0, 0);  // busy: a search does not know how many trials it takes
  step_->setText(tr("Opening the ports…"));
  showAnswer();
  showStatus(tr("Running. The test replaces the chosen ports' streams with its own."), false);
  refresh();
  updateButtons();
  return true;
}

void Rfc2889Page::stop() {
  if (!run_->running()) return;
  run_->stop();
  showStatus(tr("Stopping after the current trial…"), false);
  updateButtons();
}

void Rfc2889Page::onOpened() {
  const auto& a = run_->addressResult();
  step_->setText(run_->addressTest() && a.agingSeconds > 0
                     ? tr("Trial 1: waiting the aging time (%1 s) first, then learning…").arg(a.agingSeconds)
                     : tr("Trial 1 running…"));
}

void Rfc2889Page::onTrialDone() {
  const bool address = run_->addressTest();
  const size_t done = address ? run_->addressResult().search().trials.size() : run_->trafficResult().search.trials.size();
  const QString line = address ? rfc2889TrialLine(run_->addressResult().search().trials.back())
                               : rfc2889TrialLine(run_->trafficResult().search.trials.back());
  step_->setText(tr("Trial %1: %2").arg(done).arg(line));
  redrawSoon(redraw_);
}

void Rfc2889Page::onFinished() {
  redraw_->stop();
  refresh();
  progress_->setRange(0, kRunProgressSteps);
  const size_t trials = run_->addressTest() ? run_->addressResult().search().trials.size()
                                            : run_->trafficResult().search.trials.size();
  const std::string& error = run_->addressTest() ? run_->addressResult().error : run_->trafficResult().error;
  if (run_->stopRequested()) {
    step_->setText(tr("Stopped after %1; what was measured is kept.").arg(trialsText(trials)));
    showStatus(tr("Stopped."), false);
  } else if (!error.empty()) {
    step_->setText(tr("Ended by an error after %1.").arg(trialsText(trials)));
    showStatus(qs(error), true);
  } else {
    showRunFraction(progress_, 1);
    step_->setText(tr("Done: %1.").arg(trialsText(trials)));
    showStatus(tr("Done. Save the result to keep it."), false);
  }
  showAnswer();
  updateButtons();
}

void Rfc2889Page::showAnswer() {
  detail_->clear();
  if (!run_->hasResult()) {
    answer_->clear();
    return;
  }
  const bool complete = run_->complete();
  answer_->setStyleSheet(QString("font-size:20pt; font-weight:700; color:%1").arg(complete ? "#1b3a5c" : "#8a5a00"));
  QString title;
  if (run_->addressTest()) {
    const auto& a = run_->addressResult();
    title = a.cachingSettings ? tr("Address caching capacity") : tr("Address learning rate");
    if (a.cachingSettings && a.caching.capacity > 0)
      detail_->setText(tr("Besides the test port's own address, which the device learned first."));
  } else {
    const auto& t = run_->trafficResult();
    title = rfc2889PatternTitle(t.pattern);
    const bench::TrafficTrial* heaviest = t.search.heaviest();
    if (t.pattern == bench::TrafficPattern::kCongestion && heaviest && complete) {
      const bench::CongestionVerdict v = bench::congestionOf(*heaviest);
      detail_->setText(tr("At %1: %2.").arg(loadText(*heaviest), qs(v.text())));
      answer_->setText(title + ": " + congestionHeadline(v));
      return;
    }
    if (t.swept() && complete) {  // the MFR and forward pressure in large type, the rates behind them below
      const bench::ForwardingVerdict v = bench::forwardingOf(t.search, t.lineFps());
      detail_->setText(qs(v.text()) + ".");
      answer_->setText(title + ": " + forwardingHeadline(v));
      return;
    }
    if (t.pattern == bench::TrafficPattern::kErroredFrames && heaviest && complete) {  // a line per kind below
      const bench::ErroredVerdict v = bench::erroredOf(*heaviest, t.size, t.errored);
      detail_->setText(tr("At %1:\n%2").arg(loadText(*heaviest), erroredKindsText(v)));
      answer_->setText(title + ": " + erroredHeadline(v));
      return;
    }
    if (t.searched() && heaviest && heaviest != t.search.atThroughput())
      detail_->setText(tr("At %1 (the heaviest load): %2 forwarded, %3 lost.")
                           .arg(loadText(*heaviest), formatSi(heaviest->forwardedFps(), "fps"), groupedInteger(heaviest->lost())));
  }
  answer_->setText(title + ": " + qs(run_->answer()));
}

void Rfc2889Page::refresh() {
  if (run_->addressTest()) trials_.setAddressTrials(run_->addressResult().search().trials);
  else trials_.setTrafficTrials(run_->trafficResult().search.trials);
  trialsView_->resizeColumnsToContents();
  showPairs();
}

void Rfc2889Page::showPairs() {
  pairsPane_->setVisible(!trials_.showsAddressTrials());
  const bench::ThroughputSearch& search = run_->trafficResult().search;
  const int selected = trialsView_->selectionModel()->currentIndex().row();
  const bench::TrafficTrial* shown = trials_.trafficTrial(selected);
  QString why = tr("selected");
  if (!shown && !search.trials.empty()) {
    if (run_->running()) {
      shown = &search.trials.back();
      why = tr("the last one so far");
    } else if (!run_->trafficResult().searched()) {
      shown = search.heaviest();
      why = rfc2889OneTrialName(run_->trafficResult().pattern);
    } else if ((shown = search.atThroughput())) {
      why = tr("the throughput");
    } else {
      shown = search.heaviest();
      why = tr("the heaviest load");
    }
  }
  pairs_.setPairs(shown ? shown->pairs : std::vector<bench::PairCount>{});
  pairsCaption_->setText(shown ? tr("Pairs of the trial at %1 (%2)").arg(loadText(*shown), why)
                               : tr("Pairs: none yet (each trial's appear as it ends)"));
  pairsView_->resizeColumnsToContents();
}

bool Rfc2889Page::saveResult(const QString& path) {
  return controls_.showSaved(writeFileAtomically(path.toStdString(), run_->resultJson()), {path});
}

void Rfc2889Page::askAndSave() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Save the RFC 2889 result"), "rfc2889.json",
                                                    tr("RFC 2889 result (*.json)"));
  if (!path.isEmpty()) saveResult(path);
}

}  // namespace staccato::client
