#include "client/widgets/session_actions.h"

#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QTimer>
#include <QWidget>

#include <algorithm>

#include "client/core/files/port_mapping.h"
#include "client/core/files/session_file.h"
#include "common/files/file_reading.h"
#include "client/core/fleet/fleet_address.h"
#include "client/core/fleet/fleet_session.h"
#include "client/models/qs.h"
#include "client/widgets/port_mapping_dialog.h"

namespace staccato::client {

namespace {

constexpr int kConnectTimeoutMs = 15000;

/// The config as a drone applies it: an unspecified transmit mode is sequential.
v1::PortConfig applied(v1::PortConfig c) {
  if (c.tx_mode() == v1::PortConfig::TX_MODE_UNSPECIFIED) c.set_tx_mode(v1::PortConfig::SEQUENTIAL);
  return c;
}

bool sameConfig(const v1::PortConfig& a, const v1::PortConfig& b) {
  return applied(a).SerializeAsString() == applied(b).SerializeAsString();
}

}  // namespace

SessionActions::SessionActions(Workspace* workspace, QWidget* window, SessionMaker makeSession)
    : QObject(window), workspace_(workspace), window_(window), makeSession_(std::move(makeSession)) {}

bool SessionActions::isSessionFile(const QString& path) {
  const auto text = readTextFile(path.toStdString());
  return text && looksLikeSessionFile(*text);
}

void SessionActions::fail(const QString& what, const QString& message) {
  emit workspace_->log(LogLevel::kError, "client", message);
  auto* box = new QMessageBox(QMessageBox::Warning, what, message, QMessageBox::Ok, window_);
  box->setObjectName("sessionError");
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->open();
}

void SessionActions::saveSession(const QString& path, std::function<void(const Status&)> done) {
  auto file = std::make_shared<v1::SessionFile>();
  auto error = std::make_shared<std::optional<Error>>();
  auto remaining = std::make_shared<int>(1);  // the loop below counts as one
  auto finish = [this, path, file, error, remaining, done] {
    if (--*remaining > 0) return;
    Status st = Ok{};
    if (*error) st = **error;
    else if (file->drones().empty()) st = makeError("", "no connected drone: nothing to save");
    else st = saveSessionFile(path.toStdString(), *file);
    if (st) {
      emit workspace_->log(LogLevel::kInfo, "client", "saved the session to " + path);
      emit sessionSaved(path);
    } else {
      fail("Cannot save the session", qs(st.error().toString()));
    }
    if (done) done(st);
  };
  for (const QString& key : workspace_->sessionKeys()) {
    DroneSession* s = workspace_->session(key);
    if (s->state() != SessionState::kConnected) {
      emit workspace_->log(LogLevel::kWarning, key, "not in the saved session: not connected");
      continue;
    }
    const int d = file->drones_size();
    v1::SessionDrone* drone = file->add_drones();
    drone->set_address(s->address().target);  // the token stays out: files are shared
    drone->set_name(s->displayName().toStdString());
    drone->set_tls(s->address().tls);
    for (const v1::Port& port : s->ports()) {
      const PortRef ref{key, port.name()};
      const int p = drone->ports_size();
      v1::SessionPort* out = drone->add_ports();
      out->set_name(port.name());
      const v1::PortConfig* pending = workspace_->pendingConfig(ref);
      *out->mutable_config() = pending ? *pending : port.config();
      if (const StreamListModel* list = workspace_->loadedStreams(ref); list && list->isDirty()) {
        for (const auto& stream : list->streams()) *out->add_streams() = stream;
        continue;
      }
      ++*remaining;  // no unapplied edits: what the drone holds
      s->getStreams(port.name(), [file, error, d, p, ref, finish](const Result<std::vector<v1::Stream>>& r) {
        if (!r && !*error)
          *error = makeError("", "cannot read the streams of " + ref.port + " on " + ref.drone.toStdString() + ": " +
                                     r.error().toString());
        if (r)
          for (const auto& stream : *r) *file->mutable_drones(d)->mutable_ports(p)->add_streams() = stream;
        finish();
      });
    }
  }
  finish();
}

void SessionActions::openFleet(const QString& path) {
  auto fleet = loadFleetFile(path.toStdString());
  if (!fleet) {
    fail("Cannot open the fleet", qs(fleet.error().toString()));
    return;
  }
  QStringList problems;
  for (const FleetDrone& d : fleet->drones) {
    auto address = droneAddressOf(d, [&problems](const std::string& note) { problems << qs("warning: " + note); });
    if (!address) {
      problems << qs(address.error().toString());
      continue;
    }
    if (!workspace_->session(qs(address->target))) workspace_->addSession(makeSession_(*address));
  }
  fleet_ = std::move(fleet).value();
  if (!problems.isEmpty()) fail("Opening the fleet " + path, problems.join("\n"));
  emit fleetOpened(path);
}

void SessionActions::openSession(const QString& path, bool alwaysAskMapping) {
  auto file = loadSessionFile(path.toStdString());
  if (!file) {
    fail("Cannot open the session", qs(file.error().toString()));
    return;
  }
  if (namesFleetDrones(*file)) {  // drones named @NAME: the open fleet's
    if (!fleet_) {
      fail("Cannot open the session", path + " names drones @NAME: open their fleet file first (File > Open fleet)");
      return;
    }
    file = placeOnFleet(*file, *fleet_);
    if (!file) {
      fail("Cannot open the session", path + ": " + qs(file.error().toString()));
      return;
    }
  }
  const QStringList connected = workspace_->sessionKeys();
  QStringList missing;
  for (const auto& drone : file->drones())
    if (!connected.contains(qs(drone.address())))
      missing << (drone.name().empty() ? qs(drone.address()) : QString("%1 (%2)").arg(qs(drone.name()), qs(drone.address())));
  if (missing.isEmpty()) {
    mapAndLoad(path, *file, alwaysAskMapping);
    return;
  }
  auto* ask = new QMessageBox(QMessageBox::Question, "Drones not connected",
                              "The session uses drones that are not connected:\n  " + missing.join("\n  ") +
                                  "\n\nConnect to them, or map their ports onto the connected drones?",
                              QMessageBox::Cancel, window_);
  ask->setObjectName("sessionConnectQuestion");
  ask->setAttribute(Qt::WA_DeleteOnClose);
  QPushButton* connectButton = ask->addButton("Connect", QMessageBox::AcceptRole);
  QPushButton* mapButton = ask->addButton("Map onto connected drones", QMessageBox::ActionRole);
  connect(ask, &QMessageBox::buttonClicked, this, [this, path, session = *file, alwaysAskMapping, connectButton,
                                                   mapButton](QAbstractButton* b) {
    if (b == connectButton) connectMissing(path, session, alwaysAskMapping);
    else if (b == mapButton) mapAndLoad(path, session, true);
  });
  ask->open();
}

void SessionActions::connectMissing(const QString& path, const v1::SessionFile& session, bool alwaysAskMapping) {
  QStringList added;
  for (const auto& drone : session.drones()) {
    if (workspace_->session(qs(drone.address()))) continue;
    DroneAddress address;
    address.target = drone.address();
    address.tls = drone.tls();
    added << workspace_->addSession(makeSession_(address));
  }
  // Wait (without blocking) until they are up with their ports listed, or give up and map
  // what is there.
  auto* poll = new QTimer(this);
  auto waited = std::make_shared<int>(0);
  connect(poll, &QTimer::timeout, this, [this, poll, waited, added, path, session, alwaysAskMapping] {
    *waited += poll->interval();
    const bool up = std::all_of(added.begin(), added.end(), [this](const QString& key) {
      DroneSession* s = workspace_->session(key);
      return s && s->state() == SessionState::kConnected && !s->ports().empty();
    });
    if (!up && *waited < kConnectTimeoutMs) return;
    poll->deleteLater();
    poll->stop();
    mapAndLoad(path, session, alwaysAskMapping);
  });
  poll->start(100);
}

void SessionActions::mapAndLoad(const QString& path, const v1::SessionFile& session, bool alwaysAskMapping) {
  std::vector<MappingTarget> targets;
  for (const QString& key : workspace_->sessionKeys()) {
    DroneSession* s = workspace_->session(key);
    for (const v1::Port& port : s->ports()) targets.push_back({key.toStdString(), s->displayName(), port.name()});
  }
  auto dialog = std::make_unique<PortMappingDialog>(session, std::move(targets), window_);
  auto finish = [this, path](const PortMappingDialog& d) {
    auto mapped = d.mappedSession();
    Status st = mapped ? load(path, *mapped) : Status(mapped.error());
    if (!st) fail("Cannot open the session", path + ": " + qs(st.error().toString()));
  };
  if (dialog->complete() && !alwaysAskMapping) {
    finish(*dialog);
    return;
  }
  PortMappingDialog* shown = dialog.release();
  shown->setAttribute(Qt::WA_DeleteOnClose);
  connect(shown, &QDialog::accepted, this, [finish, shown] { finish(*shown); });
  shown->open();
}

Status SessionActions::load(const QString& path, const v1::SessionFile& mapped) {
  // Every port must exist now (a drone may have gone since the mapping was chosen).
  auto portsOf = [this](const std::string& address) -> Result<std::vector<std::string>> {
    DroneSession* s = workspace_->session(qs(address));
    if (!s) return makeError("", "not connected");
    std::vector<std::string> names;
    for (const v1::Port& p : s->ports()) names.push_back(p.name());
    return names;
  };
  if (auto st = checkPortsExist(mapped, portsOf); !st) return st;
  const QString undoText = "Open session " + QFileInfo(path).fileName();
  int ports = 0, streams = 0;
  for (const auto& drone : mapped.drones()) {
    DroneSession* s = workspace_->session(qs(drone.address()));
    for (const auto& port : drone.ports()) {
      const PortRef ref{qs(drone.address()), port.name()};
      workspace_->replaceStreams(ref, {port.streams().begin(), port.streams().end()}, undoText);
      for (const v1::Port& now : s->ports())
        if (now.name() == port.name() && port.has_config() && !sameConfig(now.config(), port.config()))
          workspace_->setPendingConfig(ref, port.config());
      ++ports;
      streams += port.streams_size();
    }
  }
  emit workspace_->log(LogLevel::kInfo, "client",
                       QString("opened the session %1: %2 streams on %3 ports (not applied yet)").arg(path).arg(streams).arg(ports));
  emit sessionOpened(path);
  return Ok{};
}

}  // namespace staccato::client
