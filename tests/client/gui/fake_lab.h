#pragma once
// Test fixtures for the GUI: drones of fake ports inside the test process (the real drone
// service over drone/fake ports: what one port sends, its peer receives and counts), the GUI's
// real sessions to them, and waiting on the event loop.
#include <QCoreApplication>
#include <QElapsedTimer>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "client/core/session/grpc_drone_session.h"
#include "drone/app/in_process_drone.h"

namespace staccato::client::test {

/// Fake ports joined in pairs: {"a", "b"} gives a <-> b; an odd last one has no peer.
inline std::vector<drone::fake::FakePortSpec> pairedPorts(const std::vector<std::string>& names, uint32_t queues = 1,
                                                          bool turbo = true) {
  std::vector<drone::fake::FakePortSpec> specs;
  for (size_t i = 0; i < names.size(); ++i) {
    const std::string peer = i % 2 == 0 ? (i + 1 < names.size() ? names[i + 1] : "") : names[i - 1];
    specs.push_back({.name = names[i], .peer = peer, .queues = queues, .turbo = turbo});
  }
  return specs;
}

/// Drones of fake ports, named like hosts. Declare it before the Workspace that holds the
/// sessions, so the drones outlive them.
class FakeLab {
 public:
  /// Starts drone `name` with these ports and returns a session to it (not yet connected).
  std::unique_ptr<GrpcDroneSession> connect(const QString& name, std::vector<drone::fake::FakePortSpec> ports,
                                            const std::string& token = {}) {
    drone::InProcessDroneOptions o;
    o.ports = std::move(ports);
    o.hostname = name.toStdString();
    o.token = token;
    auto& d = drones_[name] = std::make_unique<drone::InProcessDrone>(std::move(o));
    DroneAddress address;
    address.target = d->target();
    address.token = token;
    return std::make_unique<GrpcDroneSession>(address);
  }
  std::unique_ptr<GrpcDroneSession> connect(const QString& name, const std::vector<std::string>& ports = {"a", "b"},
                                            const std::string& token = {}) {
    return connect(name, pairedPorts(ports), token);
  }
  drone::InProcessDrone& drone(const QString& name) { return *drones_.at(name); }
  /// Drone `name`'s address: the key the Workspace gives its session.
  QString key(const QString& name) { return QString::fromStdString(drone(name).target()); }

 private:
  std::map<QString, std::unique_ptr<drone::InProcessDrone>> drones_;
};

/// Runs the event loop until `done` is true or `seconds` pass; returns done().
inline bool waitFor(const std::function<bool()>& done, double seconds = 20) {
  QElapsedTimer t;
  t.start();
  while (!done()) {
    if (t.elapsed() > seconds * 1000) return false;
    QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
  }
  return true;
}

}  // namespace staccato::client::test
