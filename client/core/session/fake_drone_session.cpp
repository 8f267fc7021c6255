#include "client/core/session/fake_drone_session.h"

#include <algorithm>
#include <utility>

namespace staccato::client {
namespace {

bool enabled(const v1::Stream& s) { return !s.has_enabled() || s.enabled(); }

}  // namespace

FakeDroneSession::FakeDroneSession(QString name, std::vector<v1::Port> ports, QObject* parent)
    : DroneSession(parent), name_(std::move(name)), ports_(std::move(ports)) {
  address_.target = "fake:" + name_.toStdString();
  version_.set_version("0.1.0-fake");
  version_.set_major(kClientProtocolMajor);
  version_.set_minor(kClientProtocolMinor);
  version_.add_capabilities("fake");
  version_.set_hostname(name_.toStdString());
  connect(&trafficTimer_, &QTimer::timeout, this, &FakeDroneSession::simulate);
}

void FakeDroneSession::connectToDrone(unsigned) {
  wanted_ = true;
  later([this] { updateState(); });
}

void FakeDroneSession::disconnectFromDrone() {
  wanted_ = false;
  later([this] { updateState(); });
}

void FakeDroneSession::updateState() {
  const QString target = QString::fromStdString(address_.target);
  SessionState next = SessionState::kDisconnected;
  QString detail = "disconnected";
  if (wanted_ && reachable_) {
    next = SessionState::kConnected;
    detail = "connected to " + target;
  } else if (wanted_) {
    next = SessionState::kReconnecting;
    detail = "cannot reach the drone at " + target + " (simulated outage); retrying in 0.5 s";
  }
  if (next == state_ && detail == detail_) return;
  const SessionState before = state_;
  state_ = next;
  detail_ = detail;
  if (next == SessionState::kConnected)
    emit logMessage(LogLevel::kInfo, QString("connected to %1 (version %2, hostname %3, %4 ports)")
                                         .arg(target, QString::fromStdString(version_.version()), name_)
                                         .arg(ports_.size()));
  else if (before == SessionState::kConnected && next == SessionState::kReconnecting)
    emit logMessage(LogLevel::kWarning, "lost the connection to " + target + ": " + detail);
  else if (next == SessionState::kDisconnected)
    emit logMessage(LogLevel::kInfo, "disconnected from " + target);
  emit stateChanged();
  if (next == SessionState::kConnected) emit portsChanged();
}

std::optional<Error> FakeDroneSession::admit() {
  ++callCount_;
  if (failNext_) return std::exchange(failNext_, std::nullopt);
  if (!wanted_)
    return makeError("", "not connected to the drone at " + address_.target + " (connect first)", ErrorKind::kUnavailable);
  if (!reachable_)
    return makeError("", "cannot reach the drone at " + address_.target + " (simulated outage)", ErrorKind::kUnavailable);
  return std::nullopt;
}

void FakeDroneSession::run(QString what, Op op, Done done, bool changesPorts) {
  later([this, what = std::move(what), failure = admit(), op = std::move(op), done = std::move(done), changesPorts] {
    const Status s = failure ? Status(*failure) : op();
    if (!s) emit logMessage(LogLevel::kError, what + " on " + name_ + ": " + QString::fromStdString(s.error().toString()));
    if (done) done(s);
    if (s && changesPorts) emit portsChanged();
  });
}

Result<v1::Port*> FakeDroneSession::find(const std::string& port) {
  auto it = std::find_if(ports_.begin(), ports_.end(), [&](const v1::Port& p) { return p.name() == port; });
  if (it == ports_.end())
    return makeError("port", "no port " + port + " on drone " + name_.toStdString(), ErrorKind::kNotFound);
  return &*it;
}

Result<std::vector<v1::Port*>> FakeDroneSession::owned(const std::vector<std::string>& ports) {
  std::vector<v1::Port*> out;
  for (const std::string& name : ports) {
    auto p = find(name);
    if (!p) return p.error();
    if (!(*p)->reserved_by().empty() && (*p)->reserved_by() != DroneConnection::clientId())
      return makeError("port", "port " + name + " is reserved by " + (*p)->reserved_by() +
                                   " (ask them to release it, or release with force)",
                       ErrorKind::kDenied);
    out.push_back(*p);
  }
  return out;
}

void FakeDroneSession::refreshPorts() {
  run("ListPorts", [] { return Status(Ok{}); }, nullptr, true);
}

void FakeDroneSession::getStreams(const std::string& port, StreamsDone done) {
  auto streams = std::make_shared<std::vector<v1::Stream>>();
  run(
      "GetStreams " + QString::fromStdString(port),
      [this, port, streams]() -> Status {
        auto p = find(port);
        if (!p) return p.error();
        *streams = streams_[port];
        return Ok{};
      },
      [streams, done = std::move(done)](const Status& s) {
        if (!done) return;
        if (!s) return done(s.error());
        done(std::move(*streams));
      },
      false);
}

void FakeDroneSession::setStreams(const std::string& port, std::vector<v1::Stream> streams, Done done) {
  run(
      "SetStreams " + QString::fromStdString(port),
      [this, port, streams = std::move(streams)]() -> Status {
        auto p = owned({port});
        if (!p) return p.error();
        if (p->front()->transmitting())
          return makeError("port", port + " is sending; stop it before changing its streams", ErrorKind::kBusy);
        // The drone's compiler; its rate check against the line rate lives in
        // drone/core/port_manager.cpp, out of reach from here.
        auto compiled = TrafficSimulator::compile(streams);
        if (!compiled) return compiled.error();
        streams_[port] = streams;
        compiled_[port] = std::move(compiled).value();
        return Ok{};
      },
      std::move(done), false);
}

void FakeDroneSession::configurePort(const std::string& port, const v1::PortConfig& config, Done done) {
  run(
      "ConfigurePort " + QString::fromStdString(port),
      [this, port, config]() -> Status {
        auto p = owned({port});
        if (!p) return p.error();
        v1::Port& target = *p->front();
        if (target.transmitting()) return makeError("port", port + " is sending; stop it first", ErrorKind::kBusy);
        *target.mutable_config() = config;
        if (config.line_rate_bps() > 0) target.set_line_rate_bps(config.line_rate_bps());
        return Ok{};
      },
      std::move(done), true);
}

void FakeDroneSession::startTx(std::vector<std::string> ports, Done done) {
  run(
      "StartTx " + portListText(ports),
      [this, ports]() -> Status {
        auto targets = owned(ports);
        if (!targets) return targets.error();
        for (v1::Port* p : *targets) {  // all start or none does
          if (p->transmitting())
            return makeError("ports", p->name() + " is already sending; stop it first", ErrorKind::kBusy);
          const auto& list = streams_[p->name()];
          if (std::none_of(list.begin(), list.end(), enabled))
            return makeError("ports", p->name() + " has no enabled streams; set streams first", ErrorKind::kBusy);
        }
        for (v1::Port* p : *targets) p->set_transmitting(true);
        return Ok{};
      },
      std::move(done), true);
}

void FakeDroneSession::stopTx(std::vector<std::string> ports, Done done) {
  run(
      "StopTx " + portListText(ports),
      [this, ports]() -> Status {
        auto targets = owned(ports);
        if (!targets) return targets.error();
        for (v1::Port* p : *targets) p->set_transmitting(false);
        return Ok{};
      },
      std::move(done), true);
}

void FakeDroneSession::clearStats(std::vector<std::string> ports, Done done) {
  run(
      "ClearStats " + portListText(ports),
      [this, ports]() -> Status {
        if (auto targets = owned(ports); !targets) return targets.error();
        simulator_.clear(ports);
        return Ok{};
      },
      std::move(done), false);
}

void FakeDroneSession::reservePort(const std::string& port, Done done) {
  run(
      "ReservePort " + QString::fromStdString(port),
      [this, port]() -> Status {
        auto p = owned({port});
        if (!p) return p.error();
        p->front()->set_reserved_by(DroneConnection::clientId());
        return Ok{};
      },
      std::move(done), true);
}

void FakeDroneSession::releasePort(const std::string& port, bool force, Done done) {
  run(
      "ReleasePort " + QString::fromStdString(port),
      [this, port, force]() -> Status {
        auto p = find(port);
        if (!p) return p.error();
        if (!force)
          if (auto mine = owned({port}); !mine) return mine.error();
        (*p)->clear_reserved_by();
        return Ok{};
      },
      std::move(done), true);
}

void FakeDroneSession::emitStats(const v1::StatsSnapshot& snapshot) { emit statsReceived(snapshot); }

void FakeDroneSession::setReachable(bool reachable) {
  reachable_ = reachable;
  updateState();
}

void FakeDroneSession::failNextCall(Error error) { failNext_ = std::move(error); }

void FakeDroneSession::setSimulatedTraffic(bool on, unsigned intervalMs) {
  trafficTimer_.stop();
  if (!on) return;
  sinceLastStep_.start();
  trafficTimer_.start(static_cast<int>(std::max(1u, intervalMs)));
}

void FakeDroneSession::simulate() {
  const double seconds = double(sinceLastStep_.restart()) / 1000.0;
  if (state_ != SessionState::kConnected) return;
  emit statsReceived(simulator_.step(ports_, compiled_, seconds));
}

}  // namespace staccato::client
