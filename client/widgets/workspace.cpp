#include "client/widgets/workspace.h"

#include <cstdlib>
#include <memory>
#include <set>

#include "client/models/qs.h"
#include "rpc/stats/stream_pairing.h"

namespace staccato::client {

Workspace::Workspace(QObject* parent) : QObject(parent) {}

Workspace::~Workspace() {
  // Sessions first: their threads may still deliver to the models until they are gone.
  sessions_.clear();
}

QString Workspace::addSession(std::unique_ptr<DroneSession> session, unsigned statsIntervalMs) {
  const QString key = qs(session->address().target);
  statsIntervalMs_ = statsIntervalMs;
  removeSession(key);
  DroneSession* s = session.get();
  sessions_[key] = std::move(session);
  portTree_.addDrone(key);
  wire(key, s);
  s->connectToDrone(statsIntervalMs);
  return key;
}

void Workspace::removeSession(const QString& key) {
  auto it = sessions_.find(key);
  if (it == sessions_.end()) return;
  it->second->disconnectFromDrone();
  sessions_.erase(it);
  latest_.erase(key);
  for (auto s = streamLists_.begin(); s != streamLists_.end();)
    s = s->first.drone == key ? streamLists_.erase(s) : std::next(s);
  for (auto c = pendingConfigs_.begin(); c != pendingConfigs_.end();)
    c = c->first.drone == key ? pendingConfigs_.erase(c) : std::next(c);
  portTree_.removeDrone(key);
  portStats_.removeDrone(key);
  streamStats_.removeDrone(key);
}

DroneSession* Workspace::session(const QString& key) const {
  auto it = sessions_.find(key);
  return it == sessions_.end() ? nullptr : it->second.get();
}

QStringList Workspace::sessionKeys() const {
  QStringList keys;
  for (const auto& [k, _] : sessions_) keys << k;
  return keys;
}

void Workspace::wire(const QString& key, DroneSession* s) {
  auto showState = [this, key, s] {
    portTree_.setDroneInfo(key, s->displayName(), stateName(s->state()), s->stateDetail(),
                           s->state() == SessionState::kConnected);
  };
  showState();
  connect(s, &DroneSession::stateChanged, this, showState);
  connect(s, &DroneSession::portsChanged, this, [this, key, s, showState] {
    showState();  // the display name may have become the hostname
    portTree_.setPorts(key, s->ports());
    for (const auto& ref : dirtyPorts())
      if (ref.drone == key) showDirty(ref);
  });
  connect(s, &DroneSession::statsReceived, this, [this, key, s](const v1::StatsSnapshot& snap) {
    if (recorder_)
      if (auto r = recorder_->record(s->displayName().toStdString(), snap); !r) {
        emit log(LogLevel::kError, "recording", qs(r.error().toString()) + ": recording stopped");
        recorder_.reset();
        emit recordingStopped();
      }
    portStats_.applySnapshot(key, s->displayName(), snap);
    applyStreamStats(key, snap);
  });
  connect(s, &DroneSession::logMessage, this,
          [this, s](LogLevel level, const QString& text) { emit log(level, s->displayName(), text); });
}

void Workspace::applyStreamStats(const QString& key, const v1::StatsSnapshot& snapshot) {
  latest_[key] = snapshot;
  if (latest_.size() == 1) {
    streamStats_.applySnapshot(key, session(key)->displayName(), snapshot);
    history_.applySnapshot(key, snapshot);
    return;
  }
  std::vector<v1::StatsSnapshot> paired;
  paired.reserve(latest_.size());
  std::vector<v1::StatsSnapshot*> all;
  std::vector<std::string> names;
  for (const auto& [k, snap] : latest_) {
    all.push_back(&paired.emplace_back(snap));
    DroneSession* s = session(k);
    names.push_back((s ? s->displayName() : k).toStdString());
  }
  rpc::pairAcrossDronesOneRow(all, names);
  size_t i = 0;
  for (const auto& [k, snap] : latest_) {
    if (DroneSession* s = session(k)) streamStats_.applySnapshot(k, s->displayName(), paired[i]);
    if (k == key) history_.applySnapshot(k, paired[i]);
    ++i;
  }
}

Status Workspace::startRecording(const QString& path) {
  auto r = StatsRecorder::open(path.toStdString(), statsIntervalMs_);
  if (!r) return r.error();
  recorder_ = std::move(r).value();
  return Ok{};
}

void Workspace::stopRecording() { recorder_.reset(); }

QString Workspace::recordingPath() const { return recorder_ ? qs(recorder_->path()) : QString(); }

StreamListModel* Workspace::streams(const PortRef& port) {
  auto it = streamLists_.find(port);
  if (it != streamLists_.end()) return it->second.get();
  auto list = std::make_unique<StreamListModel>();
  StreamListModel* model = list.get();
  streamLists_[port] = std::move(list);
  connect(model, &StreamListModel::dirtyChanged, this, [this, port] { showDirty(port); });
  fetch(port, model, false);
  return model;
}

void Workspace::fetch(const PortRef& port, StreamListModel* model, bool force) {
  DroneSession* s = session(port.drone);
  if (!s) return;
  const uint64_t fetchId = ++lastFetch_[port];
  s->getStreams(port.port, [this, port, model, force, fetchId](const Result<std::vector<v1::Stream>>& r) {
    // An older reply (a revert came after it) would overwrite what the user does after the newer one.
    if (fetchId != lastFetch_[port]) return;
    if (!r) {
      emit log(LogLevel::kError, port.drone, qs("cannot read the streams of " + port.port + ": " + r.error().toString()));
      return;
    }
    // An edit made while the list was loading wins over the drone's copy (and stays dirty).
    if (!force && model->undoStack()->count() > 0) return;
    model->resetFromDrone(*r);
    updateStreamNames(port);
    emit streamsLoaded(port);
  });
}

StreamListModel* Workspace::loadedStreams(const PortRef& port) const {
  auto it = streamLists_.find(port);
  return it == streamLists_.end() ? nullptr : it->second.get();
}

void Workspace::replaceStreams(const PortRef& port, const std::vector<v1::Stream>& streams, const QString& undoText) {
  StreamListModel* list = this->streams(port);
  list->undoStack()->beginMacro(undoText);
  QList<int> all;
  for (int r = 0; r < list->rowCount(); ++r) all << r;
  if (!all.isEmpty()) list->removeStreams(all);
  list->insertStreams(0, streams, "Load streams");
  list->undoStack()->endMacro();
}

void Workspace::setPendingConfig(const PortRef& port, const v1::PortConfig& config) {
  pendingConfigs_[port] = config;
  showDirty(port);
}

const v1::PortConfig* Workspace::pendingConfig(const PortRef& port) const {
  auto it = pendingConfigs_.find(port);
  return it == pendingConfigs_.end() ? nullptr : &it->second;
}

void Workspace::revert(const PortRef& port) {
  if (pendingConfigs_.erase(port)) showDirty(port);
  fetch(port, streams(port), true);
}

bool Workspace::isDirty(const PortRef& port) const {
  const StreamListModel* list = loadedStreams(port);
  return pendingConfigs_.count(port) || (list && list->isDirty());
}

std::vector<PortRef> Workspace::dirtyPorts() const {
  std::set<PortRef> out;
  for (const auto& [ref, list] : streamLists_)
    if (list->isDirty()) out.insert(ref);
  for (const auto& [ref, config] : pendingConfigs_) out.insert(ref);
  return {out.begin(), out.end()};
}

void Workspace::updateStreamNames(const PortRef& port) {
  auto it = streamLists_.find(port);
  if (it == streamLists_.end()) return;
  std::map<uint32_t, std::string> names;
  for (const auto& s : it->second->streams()) names[s.id()] = s.name();
  streamStats_.setStreamNames(port.drone, port.port, names);
}

void Workspace::apply(const PortRef& port, Done done) {
  auto pending = pendingConfigs_.find(port);
  if (pending == pendingConfigs_.end()) {
    applyStreams(port, done);
    return;
  }
  const v1::PortConfig config = pending->second;
  configure(port, config, [this, port, config, done](const Status& st) {
    if (!st) {
      if (done) done(st);
      return;
    }
    // A newer pending configuration (set while this one was on its way) stays pending.
    if (auto it = pendingConfigs_.find(port);
        it != pendingConfigs_.end() && it->second.SerializeAsString() == config.SerializeAsString())
      pendingConfigs_.erase(it);
    showDirty(port);
    applyStreams(port, done);
  });
}

void Workspace::applyStreams(const PortRef& port, Done done) {
  DroneSession* s = session(port.drone);
  StreamListModel* model = streams(port);
  if (!s) {
    if (done) done(makeError("", "no drone " + port.drone.toStdString(), ErrorKind::kNotFound));
    return;
  }
  // What is sent is what becomes the baseline, even if the user edits while the call runs.
  const int revision = model->undoStack()->index();
  std::vector<v1::Stream> list = model->streams();
  const size_t n = list.size();
  s->setStreams(port.port, std::move(list), [this, port, model, revision, n, done](const Status& st) {
    if (st) {
      if (model->undoStack()->index() == revision) model->markApplied();
      updateStreamNames(port);
      emit log(LogLevel::kInfo, port.drone, qs("applied " + std::to_string(n) + " streams to " + port.port));
    } else {
      emit log(LogLevel::kError, port.drone, qs("apply to " + port.port + " refused: " + st.error().toString()));
      // Show the refusal on the stream it is about ("streams[2].layers[1].ip.ttl" -> row 2).
      const std::string& path = st.error().path;
      if (path.rfind("streams[", 0) == 0) model->setRefusedRow(std::atoi(path.c_str() + 8), qs(st.error().toString()));
    }
    if (done) done(st);
  });
}

void Workspace::perDrone(const std::vector<PortRef>& ports, const QString& verb,
                         const std::function<void(DroneSession&, std::vector<std::string>, DroneSession::Done)>& call,
                         Done done) {
  std::map<QString, std::vector<std::string>> byDrone;
  for (const auto& p : ports) byDrone[p.drone].push_back(p.port);
  auto pending = std::make_shared<size_t>(byDrone.size());
  auto first = std::make_shared<Status>(Ok{});
  if (byDrone.empty() && done) done(Ok{});
  for (auto& [key, names] : byDrone) {
    DroneSession* s = session(key);
    auto finish = [this, key, verb, names, pending, first, done](const Status& st) {
      QString what;
      for (const auto& n : names) what += (what.isEmpty() ? "" : ", ") + qs(n);
      if (st) emit log(LogLevel::kInfo, key, verb + " " + what);
      else emit log(LogLevel::kError, key, verb + " " + what + " failed: " + qs(st.error().toString()));
      if (!st && *first) *first = st;
      if (--*pending == 0 && done) done(*first);
    };
    if (!s) finish(makeError("", "no drone " + key.toStdString(), ErrorKind::kNotFound));
    else call(*s, names, finish);
  }
}

void Workspace::start(const std::vector<PortRef>& ports, Done done) {
  std::vector<PortRef> dirty;
  std::set<PortRef> wanted(ports.begin(), ports.end());
  for (const auto& p : dirtyPorts())
    if (wanted.count(p)) dirty.push_back(p);
  if (dirty.empty()) {
    perDrone(ports, "started", [](DroneSession& s, auto names, auto d) { s.startTx(std::move(names), d); }, done);
    return;
  }
  // Unapplied changes go first: what starts is what the table shows.
  auto pending = std::make_shared<size_t>(dirty.size());
  auto failed = std::make_shared<bool>(false);
  for (const auto& p : dirty) {
    apply(p, [this, ports, pending, failed, done](const Status& st) {
      if (!st && !*failed) {
        *failed = true;
        if (done) done(st);
      }
      if (--*pending == 0 && !*failed) start(ports, done);
    });
  }
}

void Workspace::stop(const std::vector<PortRef>& ports, Done done) {
  perDrone(ports, "stopped", [](DroneSession& s, auto names, auto d) { s.stopTx(std::move(names), d); }, done);
}

void Workspace::clearStats(const std::vector<PortRef>& ports, Done done) {
  perDrone(ports, "cleared stats of", [](DroneSession& s, auto names, auto d) { s.clearStats(std::move(names), d); },
           done);
}

void Workspace::configure(const PortRef& port, const v1::PortConfig& config, Done done) {
  perDrone({port}, "configured",
           [config](DroneSession& s, auto names, auto d) { s.configurePort(names.front(), config, d); }, done);
}

std::vector<PortRef> Workspace::allPorts() const {
  std::vector<PortRef> out;
  for (const auto& [key, s] : sessions_)
    for (const auto& p : s->ports()) out.push_back({key, p.name()});
  return out;
}

}  // namespace staccato::client
