#include "client/widgets/flows_run.h"

#include <QTimer>

#include <utility>

#include "client/models/qs.h"

namespace staccato::client {
namespace {

constexpr int kPollFailuresTolerated = 3;  ///< readings in a row that may fail before the run is ended

QString errorOf(const Error& e) { return qs(e.toString()); }

}  // namespace

template <typename F>
auto FlowsRun::guarded(F f) {
  return [self = QPointer<FlowsRun>(this), gen = generation_, f = std::move(f)](auto&&... args) {
    if (self && self->generation_ == gen) f(std::forward<decltype(args)>(args)...);
  };
}

FlowsRun::FlowsRun(QObject* parent) : QObject(parent), model_(this), series_(this), timer_(new QTimer(this)) {
  timer_->setSingleShot(true);
  timer_->setInterval(kPollMs);
  connect(timer_, &QTimer::timeout, this, &FlowsRun::poll);
}

void FlowsRun::setPollMs(int ms) { timer_->setInterval(ms); }

double FlowsRun::durationSeconds() const {
  if (model_.hasClient() && model_.client().duration_ns() > 0) return double(model_.client().duration_ns()) / 1e9;
  const v1::FlowLoad& l = profile_.load();
  return l.ramp_up_seconds() + l.steady_seconds() + l.ramp_down_seconds();
}

bool FlowsRun::start(const v1::FlowProfile& profile, Side clients, Side servers) {
  if (running()) return false;
  ++generation_;  // replies of an earlier run are dropped
  profile_ = profile;
  clients_ = std::move(clients);
  servers_ = std::move(servers);
  clientsStarted_ = serversStarted_ = stopRequested_ = pollPending_ = false;
  failedPolls_ = 0;
  error_.clear();
  model_.clear();
  series_.clear();
  state_ = State::kStartingServers;
  startSide(v1::FLOW_SERVER);
  return true;
}

void FlowsRun::startSide(v1::FlowRole role) {
  const bool servers = role == v1::FLOW_SERVER;
  Side& side = servers ? servers_ : clients_;
  const QString what = servers ? tr("servers") : tr("clients");
  if (!side.session) return end(tr("Cannot start the %1: the drone of %2 is no longer connected.").arg(what, side.name));
  v1::StartFlowsRequest req;
  req.set_port(side.port);
  req.set_role(role);
  *req.mutable_profile() = profile_;
  side.session->startFlows(std::move(req), guarded([this, servers, what](const Result<v1::StartFlowsReply>& r) {
    Side& side = servers ? servers_ : clients_;
    if (!r) return end(tr("Cannot start the %1 on %2: %3").arg(what, side.name, errorOf(r.error())));
    (servers ? serversStarted_ : clientsStarted_) = true;
    emit sideStarted(tr("%1 %2 on %3 (made in %4 ms)")
                         .arg(r->hosts())
                         .arg(what, side.name)
                         .arg(double(r->setup_ns()) / 1e6, 0, 'f', 0));
    if (stopRequested_) return end({});
    if (servers) {
      state_ = State::kStartingClients;
      startSide(v1::FLOW_CLIENT);
    } else {
      state_ = State::kRunning;
      poll();
    }
  }));
}

void FlowsRun::poll() {
  if (state_ != State::kRunning || pollPending_) return;
  if (!clients_.session) return end(tr("The drone of %1 is no longer connected.").arg(clients_.name));
  pollPending_ = true;
  clients_.session->flowStats({clients_.port}, true, guarded([this](const Result<std::vector<v1::PortFlows>>& r) {
    pollPending_ = false;
    if (state_ != State::kRunning) return;  // stopping: end() reads both sides a last time
    if (!r || r->size() != 1) {
      if (++failedPolls_ < kPollFailuresTolerated) return timer_->start();
      return end(r ? tr("The drone has no flow run on %1.").arg(clients_.name)
                   : tr("Cannot read the clients on %1: %2").arg(clients_.name, errorOf(r.error())));
    }
    failedPolls_ = 0;
    const v1::PortFlows before = model_.hasClient() ? model_.client() : v1::PortFlows{};
    model_.setClient(r->front());
    series_.add(r->front(), before);
    emit read();
    if (!r->front().running()) return end({});
    timer_->start();
  }));
  if (servers_.session)
    servers_.session->flowStats({servers_.port}, false, guarded([this](const Result<std::vector<v1::PortFlows>>& r) {
      if (r && r->size() == 1 && state_ == State::kRunning) model_.setServer(r->front());
    }));
}

void FlowsRun::stop() {
  if (!running() || stopRequested_) return;
  stopRequested_ = true;
  if (state_ == State::kRunning) end({});
  // While a side starts, its reply ends the run (and stops what was started).
}

void FlowsRun::end(const QString& why) {
  if (state_ == State::kStopping || state_ == State::kIdle) return;
  if (error_.isEmpty()) error_ = why;
  state_ = State::kStopping;
  timer_->stop();
  waiting_ = 0;
  auto stopSide = [this](Side& side, const QString& what) {
    ++waiting_;
    side.session->stopFlows(side.port, guarded([this, what, name = side.name](const Status& s) {
      if (!s) error_ += (error_.isEmpty() ? "" : "; ") + tr("cannot stop the %1 on %2: %3").arg(what, name, errorOf(s.error()));
      if (--waiting_ == 0) readLast();
    }));
  };
  // Clients first, as the CLI does: the servers answer until the clients are gone.
  if (clientsStarted_ && clients_.session) stopSide(clients_, tr("clients"));
  if (serversStarted_ && servers_.session) stopSide(servers_, tr("servers"));
  if (waiting_ == 0) readLast();
}

void FlowsRun::readLast() {
  waiting_ = 0;
  auto read = [this](Side& side, bool clients) {
    ++waiting_;
    side.session->flowStats({side.port}, clients, guarded([this, clients](const Result<std::vector<v1::PortFlows>>& r) {
      if (r && r->size() == 1) {
        if (clients) {
          const v1::PortFlows before = model_.hasClient() ? model_.client() : v1::PortFlows{};
          model_.setClient(r->front());
          series_.add(r->front(), before);
        } else {
          model_.setServer(r->front());
        }
      }
      if (--waiting_ == 0) finish();
    }));
  };
  if (clientsStarted_ && clients_.session) read(clients_, true);
  if (serversStarted_ && servers_.session) read(servers_, false);
  if (waiting_ == 0) finish();
}

void FlowsRun::finish() {
  state_ = State::kIdle;
  emit read();
  emit finished();
}

}  // namespace staccato::client
