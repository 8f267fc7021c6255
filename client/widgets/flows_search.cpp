#include "client/widgets/flows_search.h"

#include <algorithm>

#include "client/core/flows/flow_search_steps.h"
#include "common/core/clock.h"

namespace staccato::client {

FlowsSearch::FlowsSearch(FlowsRun* run, QObject* parent) : QObject(parent), run_(run), model_(this) {
  connect(run_, &FlowsRun::finished, this, [this] {
    if (trialRunning_) onRunFinished();
  });
}

bool FlowsSearch::start(const v1::FlowProfile& profile, const Setup& setup, FlowsRun::Side clients, FlowsRun::Side servers,
                        std::string generator) {
  if (running_ || run_->running()) return false;
  setup_ = setup;
  search_ = {};
  search_.profile = profile;
  search_.profile.mutable_load()->set_steady_seconds(setup.trialSeconds);  // as the CLI's --duration
  search_.byRate = setup.byRate;
  search_.settings = setup.settings;
  search_.criteria = setup.criteria;
  search_.clientPort = clients.name.toStdString();
  search_.serverPort = servers.name.toStdString();
  search_.generator = std::move(generator);
  search_.startNs = int64_t(realtimeNs());
  clients_ = std::move(clients);
  servers_ = std::move(servers);
  judged_.clear();
  model_.clear(setup.byRate);
  running_ = true;
  stopRequested_ = false;
  step();
  return true;
}

void FlowsSearch::stop() {
  if (!running_ || stopRequested_) return;
  stopRequested_ = true;
  if (trialRunning_) run_->stop();  // its end ends the search
}

void FlowsSearch::step() {
  const FlowSearchStep next = nextFlowSearchStep(setup_.settings, judged_);
  search_.result = next.result;
  if (next.next && stopRequested_)
    search_.result.why = "stopped on request after " + std::to_string(judged_.size()) + " trials";
  if (!next.next || stopRequested_) return finish();
  load_ = *next.next;
  trialRunning_ = true;
  trialStartNs_ = int64_t(realtimeNs());
  model_.addRunning(load_);
  emit trialStarted();
  run_->start(flowTrialProfile(search_.profile, setup_.byRate, load_, setup_.trialSeconds), clients_, servers_);
}

void FlowsSearch::onRunFinished() {
  trialRunning_ = false;
  const FlowRunModel* m = run_->model();
  FlowSearchTrial trial{load_, {}};
  if (run_->stopRequested()) {
    // As the CLI: not judged, and the search ends there (searchFlowLoad says so).
    trial.outcome.testerLimited = trial.outcome.stopped = true;
    trial.outcome.why = "stopped on request during the trial";
    if (m->hasClient()) trial.outcome.client = m->client();
  } else if (!run_->error().isEmpty() || !m->hasClient()) {
    // As the CLI: a trial that could not run is not the device's doing.
    trial.outcome.testerLimited = true;
    trial.outcome.why = run_->error().isEmpty() ? tr("the clients' numbers could not be read").toStdString()
                                                : run_->error().toStdString();
    if (m->hasClient()) trial.outcome.client = m->client();
  } else {
    trial.outcome = judgeFlowTrial(m->client(), setup_.criteria);
  }
  trial.outcome.startNs = trialStartNs_;
  trial.outcome.endNs = int64_t(realtimeNs());
  double mostOpen = 0;
  for (const QPointF& p : run_->series()->points(FlowSeries::kOpen)) mostOpen = std::max(mostOpen, p.y());
  const double achieved = flowTrialFigures(search_, trial).connectionsPerSecond;
  judged_.push_back(trial);
  if (trial.outcome.stopped)
    model_.stopLast(achieved, mostOpen);  // not judged: the search ends with what passed before it
  else
    model_.endLast(trial.outcome, achieved, mostOpen);
  search_.result = nextFlowSearchStep(setup_.settings, judged_).result;
  search_.endNs = trial.outcome.endNs;
  emit trialEnded();
  // The next trial from the event loop, not from within the run's finished signal.
  QMetaObject::invokeMethod(this, &FlowsSearch::step, Qt::QueuedConnection);
}

void FlowsSearch::finish() {
  running_ = false;
  trialRunning_ = false;
  search_.endNs = int64_t(realtimeNs());
  emit finished();
}

}  // namespace staccato::client
