#include "client/widgets/flows_page.h"

#include <google/protobuf/util/json_util.h>

#include <QCoreApplication>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "client/core/flows/flow_verdict.h"
#include "client/models/flow_search_reports.h"
#include "client/models/flow_search_words.h"
#include "client/models/qs.h"
#include "client/widgets/flows_charts.h"
#include "client/widgets/flows_profile_box.h"
#include "client/widgets/flows_search_box.h"
#include "client/widgets/flows_search_view.h"
#include "client/widgets/port_picker.h"
#include "client/widgets/run_page_widgets.h"
#include "client/widgets/workspace.h"

namespace staccato::client {
namespace {

/// The phase the run is in at `seconds`, from the profile's load.
QString phaseAt(const v1::FlowLoad& l, double seconds) {
  if (seconds < l.ramp_up_seconds()) return QObject::tr("ramp-up");
  if (seconds < l.ramp_up_seconds() + l.steady_seconds()) return QObject::tr("steady");
  return QObject::tr("ramp-down");
}

std::string json(const google::protobuf::Message& m) {
  google::protobuf::util::JsonPrintOptions o;
  o.add_whitespace = true;
  o.preserve_proto_field_names = true;
  o.always_print_primitive_fields = true;
  std::string out;
  (void)google::protobuf::util::MessageToJsonString(m, &out, o);
  return out;
}

}  // namespace

FlowsPage::FlowsPage(Workspace* workspace, QWidget* parent)
    : QWidget(parent),
      workspace_(workspace),
      run_(new FlowsRun(this)),
      search_(new FlowsSearch(run_, this)),
      profile_(new FlowsProfileBox(this)),
      clientPort_(new PortPicker(workspace->portTree(), 0, this)),
      serverPort_(new PortPicker(workspace->portTree(), 1, this)),
      searchBox_(new FlowsSearchBox(this)),
      controls_(this, "flows",
                {tr("Stop both sides now; what was measured is kept"),
                 tr("Start the profile's servers, then its clients, on the chosen ports"), {}, {},
                 tr("Save results…"),
                 tr("One run: the profile and both sides' numbers as JSON (as staccato-cli flows run --json). A search: "
                    "its HTML report with CSV and JUnit XML beside it (as staccato-cli benchmark rfc9411 --report)")},
                {[this] { run(); }, [this] { stop(); }, [this] { askAndSave(); }}) {
  setObjectName("flowsPage");
  setWindowTitle(tr("Flows — Staccato"));
  clientPort_->setObjectName("flowsClientPort");
  clientPort_->setToolTip(tr("The port whose emulated hosts open the connections"));
  serverPort_->setObjectName("flowsServerPort");
  serverPort_->setToolTip(tr("The port whose emulated hosts answer them, on the profile's server addresses only"));
  auto* ports = new QGroupBox(tr("Ports"), this);
  auto* form = new QFormLayout(ports);
  form->addRow(tr("Clients on"), clientPort_);
  form->addRow(tr("Servers on"), serverPort_);
  auto* left = new QWidget(this);
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  leftLayout->addWidget(profile_, 1);
  leftLayout->addWidget(ports);
  leftLayout->addWidget(searchBox_);
  controls_.addTo(leftLayout);

  step_ = makeRunStepLabel(this, "flowsStep");
  progress_ = makeRunProgressBar(this, "flowsProgress");
  verdict_ = new QLabel(this);
  verdict_->setObjectName("flowsVerdict");
  verdict_->setWordWrap(true);
  verdict_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  warnings_ = new QLabel(this);
  warnings_->setObjectName("flowsWarnings");
  warnings_->setWordWrap(true);
  warnings_->setStyleSheet("color:#8a5a00");
  warnings_->hide();
  searchView_ = new FlowsSearchView(search_->model(), this);
  searchView_->setVisible(searchBox_->isChecked());
  charts_ = new FlowsCharts(run_->series(), this);
  table_ = makeResultsTable(this, run_->model(), "flowsResults");
  table_->horizontalHeader()->setStretchLastSection(false);
  servers_ = new QLabel(this);
  servers_->setObjectName("flowsServers");
  servers_->setWordWrap(true);
  auto* bottom = new QWidget(this);
  auto* bottomLayout = new QVBoxLayout(bottom);
  bottomLayout->setContentsMargins(0, 0, 0, 0);
  bottomLayout->addWidget(table_, 1);
  bottomLayout->addWidget(servers_);
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(searchView_);
  split->addWidget(charts_);
  split->addWidget(bottom);
  split->setSizes({330, 330, 180});
  auto* rightWidget = new QWidget(this);
  auto* right = new QVBoxLayout(rightWidget);
  right->setContentsMargins(0, 0, 0, 0);
  right->addWidget(step_);
  right->addWidget(progress_);
  right->addWidget(verdict_);
  right->addWidget(warnings_);
  right->addWidget(split, 1);

  auto* columns = new QSplitter(Qt::Horizontal, this);
  columns->addWidget(left);
  columns->addWidget(rightWidget);
  columns->setStretchFactor(1, 1);
  columns->setSizes({380, 1060});
  auto* layout = new QHBoxLayout(this);
  layout->addWidget(columns);

  connect(run_, &FlowsRun::sideStarted, this, [this](const QString& text) { showStatus(text, false); });
  connect(run_, &FlowsRun::read, this, &FlowsPage::onRead);
  connect(run_, &FlowsRun::finished, this, [this] {
    if (!search_->running()) onFinished();  // a trial's end: the search's own signals say it
  });
  connect(search_, &FlowsSearch::trialStarted, this, &FlowsPage::onTrialStarted);
  connect(search_, &FlowsSearch::trialEnded, this, &FlowsPage::onTrialEnded);
  connect(search_, &FlowsSearch::finished, this, &FlowsPage::onSearchFinished);
  connect(searchBox_, &QGroupBox::toggled, searchView_, &QWidget::setVisible);
  connect(profile_, &FlowsProfileBox::changed, this, [this] {
    if (profile_->profile()) searchBox_->setProfile(*profile_->profile());
    updateButtons();
  });
  updateButtons();
  resize(1440, 860);
}

FlowsPage::~FlowsPage() = default;

bool FlowsPage::loadProfile(const QString& path) { return profile_->load(path); }

QString FlowsPage::stepText() const { return step_->text(); }
QString FlowsPage::verdictText() const { return verdict_->text(); }
QString FlowsPage::warningText() const { return warnings_->isHidden() ? QString() : warnings_->text(); }
QString FlowsPage::serverText() const { return servers_->text(); }
QString FlowsPage::statusText() const { return controls_.statusText(); }

void FlowsPage::showStatus(const QString& text, bool error) { controls_.showStatus(text, error); }

void FlowsPage::updateButtons() {
  const bool running = run_->running() || search_->running();
  controls_.update({.haveExecutor = true,
                    .running = running,
                    .stopRequested = search_->running() ? search_->stopRequested() : run_->stopRequested(),
                    .haveResult = lastWasSearch_ ? search_->model()->rowCount() > 0 : run_->model()->hasClient()});
  profile_->setLocked(running);
  clientPort_->setEnabled(!running);
  serverPort_->setEnabled(!running);
  searchBox_->setEnabled(!running);
}

bool FlowsPage::chooseSides(FlowsRun::Side& clientSide, FlowsRun::Side& serverSide) {
  const auto clients = clientPort_->chosen(), servers = serverPort_->chosen();
  if (!clients || !servers) {
    showStatus(tr("No ports to run on: connect a drone first."), true);
    return false;
  }
  if (clients->port == servers->port) {
    showStatus(tr("The clients and the servers need a port each: choose two."), true);
    return false;
  }
  DroneSession* clientDrone = workspace_->session(clients->port.drone);
  DroneSession* serverDrone = workspace_->session(servers->port.drone);
  if (!clientDrone || !serverDrone) {
    showStatus(tr("The chosen port's drone is no longer connected."), true);
    return false;
  }
  // "demo0 on lab": the port and its drone's name, as the port tree shows them.
  clientSide = {clientDrone, clients->port.port, tr("%1 on %2").arg(qs(clients->port.port), clientDrone->displayName())};
  serverSide = {serverDrone, servers->port.port, tr("%1 on %2").arg(qs(servers->port.port), serverDrone->displayName())};
  return true;
}

bool FlowsPage::run() {
  if (run_->running() || search_->running()) return false;
  if (!profile_->profile()) {
    showStatus(profile_->errorText().isEmpty() ? tr("Open a flow profile first.") : tr("The profile does not check: fix it first."),
               true);
    return false;
  }
  FlowsRun::Side clients, servers;
  if (!chooseSides(clients, servers)) return false;
  std::optional<FlowsSearch::Setup> setup;
  if (searchBox_->isChecked()) {
    auto checked = searchBox_->setup();
    if (!checked) {
      showStatus(qs(checked.error().toString()), true);
      return false;
    }
    setup = *checked;
  }
  charts_->setDuration(0);
  verdict_->clear();
  warnings_->hide();
  servers_->clear();
  lastWasSearch_ = setup.has_value();
  if (setup) {
    search_->start(*profile_->profile(), *setup, std::move(clients), std::move(servers),
                   "staccato " + QCoreApplication::applicationVersion().toStdString());
    const std::string pacing = flowSearchPacingNote(*profile_->profile(), setup->byRate);
    searchView_->showSearching(tr("From %1 to %2, to %3 %; a trial passes with %4.")
                                       .arg(flowSearchLoadText(setup->settings.low, setup->byRate),
                                            flowSearchLoadText(setup->settings.high, setup->byRate))
                                       .arg(setup->settings.resolution * 100)
                                       .arg(qs(flowSearchCriteriaText(setup->criteria))) +
                                   (pacing.empty() ? QString() : "\n" + qs(pacing)),
                               setup->byRate);
  } else {
    step_->setText(tr("Starting the servers on %1, then the clients on %2…").arg(servers.name, clients.name));
    run_->start(*profile_->profile(), std::move(clients), std::move(servers));
    charts_->setDuration(run_->durationSeconds());
    showRunFraction(progress_, 0);
  }
  showStatus(tr("Starting…"), false);
  updateButtons();
  return true;
}

void FlowsPage::stop() {
  if (search_->running()) {
    search_->stop();
  } else {
    if (!run_->running()) return;
    run_->stop();
  }
  showStatus(tr("Stopping both sides…"), false);
  updateButtons();
}

void FlowsPage::onRead() {
  FlowRunModel* m = run_->model();
  servers_->setText(m->serverText());
  if (!m->hasClient()) return;
  table_->resizeColumnsToContents();
  const double elapsed = double(m->client().elapsed_ns()) / 1e9, duration = run_->durationSeconds();
  if (!run_->running()) return;
  showRunFraction(progress_, duration > 0 ? elapsed / duration : 0);
  // In a search: "Trial 3 at 550 connections/s: 12 s of 20 s (steady), 100 client hosts".
  const QString what = search_->running() ? tr("Trial %1 at %2:")
                                                .arg(search_->trialNumber())
                                                .arg(flowSearchLoadText(search_->currentLoad(), search_->setup().byRate))
                                          : tr("Running:");
  step_->setText(tr("%1 %2 s of %3 s (%4), %5 client hosts")
                     .arg(what)
                     .arg(elapsed, 0, 'f', 0)
                     .arg(duration, 0, 'f', 0)
                     .arg(phaseAt(run_->profile().load(), elapsed))
                     .arg(m->client().hosts()));
}

void FlowsPage::onFinished() {
  FlowRunModel* m = run_->model();
  const v1::PortFlows& c = m->client();
  const double elapsed = double(c.elapsed_ns()) / 1e9, duration = run_->durationSeconds();
  const bool complete = m->hasClient() && run_->error().isEmpty() && c.error().empty() && !run_->stopRequested();
  QStringList warnings;
  if (m->hasClient() && flowRunLimitedByTester(c))
    warnings << tr("Tester-limited: the tester's own limits showed (connections it could not open, or a client behind its "
                   "schedule); these numbers do not judge the device.");
  if (m->hasClient() && !complete)
    warnings << tr("Incomplete: the run ended after %1 s of %2 s.").arg(elapsed, 0, 'f', 1).arg(duration, 0, 'f', 0);
  warnings_->setText(warnings.join("\n"));
  warnings_->setVisible(!warnings.isEmpty());
  if (m->hasClient()) {
    const FlowTotals t = flowTotals(c);
    const char* colour = t.failures() > 0 || !c.error().empty() ? "#b00020" : flowRunLimitedByTester(c) ? "#8a5a00" : "#1b7f3b";
    verdict_->setStyleSheet(QString("font-size:13pt; font-weight:700; color:%1").arg(colour));
    verdict_->setText(qs(flowVerdictLine(c)));
  }
  if (complete) showRunFraction(progress_, 1);
  step_->setText(!m->hasClient()              ? tr("Not run: the run could not start.")
                 : complete                   ? tr("Done: %1 s, %2 client hosts.").arg(elapsed, 0, 'f', 1).arg(c.hosts())
                 : run_->stopRequested()      ? tr("Stopped after %1 s; what was measured is kept.").arg(elapsed, 0, 'f', 1)
                                              : tr("Ended early after %1 s.").arg(elapsed, 0, 'f', 1));
  if (!run_->error().isEmpty()) showStatus(run_->error(), true);
  else if (!c.error().empty()) showStatus(tr("The run ended early: %1").arg(qs(c.error())), true);
  else showStatus(run_->stopRequested() ? tr("Stopped.") : tr("Done. Save the results to keep them."), false);
  updateButtons();
}

void FlowsPage::onTrialStarted() {
  charts_->setDuration(0);
  step_->setText(tr("Trial %1 at %2: starting the servers, then the clients…")
                     .arg(search_->trialNumber())
                     .arg(flowSearchLoadText(search_->currentLoad(), search_->setup().byRate)));
  showRunFraction(progress_, 0);
  const v1::FlowLoad& l = search_->searchRun().profile.load();  // the trial's: its run starts next
  charts_->setDuration(l.ramp_up_seconds() + l.steady_seconds() + l.ramp_down_seconds());
}

void FlowsPage::onTrialEnded() {
  FlowRunModel* m = run_->model();
  if (m->hasClient()) {
    verdict_->setStyleSheet("font-size:11pt; font-weight:600");
    verdict_->setText(tr("Trial %1: %2").arg(search_->trialNumber()).arg(qs(flowVerdictLine(m->client()))));
  }
}

void FlowsPage::onSearchFinished() {
  const FlowSearchResult& r = search_->result();
  const bool stopped = search_->stopRequested();
  searchView_->showResult(search_->searchRun(), stopped);
  const int trials = search_->trialNumber();
  step_->setText(tr("Search over after %1 %2.").arg(trials).arg(trials == 1 ? tr("trial") : tr("trials")));
  if (r.complete) showRunFraction(progress_, 1);
  if (stopped) showStatus(tr("Stopped."), false);
  else if (!r.complete) showStatus(tr("The search is incomplete: %1").arg(qs(r.why)), true);
  else showStatus(tr("Done. Save the results to keep them."), false);
  updateButtons();
}

bool FlowsPage::saveResults(const QString& path) {
  if (lastWasSearch_)
    return controls_.showSaved(saveFlowSearchReports(path, search_->searchRun()), flowSearchReportPaths(path));
  const FlowRunModel* m = run_->model();
  const std::string text = "{\"profile\": " + json(run_->profile()) + ",\n \"client\": " + json(m->client()) +
                           ",\n \"server\": " + json(m->server()) + "}\n";
  QFile f(path);
  const bool ok = f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text.data(), qint64(text.size())) == qint64(text.size());
  return controls_.showSaved(ok ? Status(Ok{}) : Status(makeError(path.toStdString(), f.errorString().toStdString())), {path});
}

void FlowsPage::askAndSave() {
  const QString path =
      lastWasSearch_ ? QFileDialog::getSaveFileName(this, tr("Save the RFC 9411 search's reports"), "rfc9411.html",
                                                    tr("HTML report, with .csv and .junit.xml beside it (*.html)"))
                     : QFileDialog::getSaveFileName(this, tr("Save flow results"), "flows.json", tr("JSON (*.json)"));
  if (!path.isEmpty()) saveResults(path);
}

}  // namespace staccato::client
