#pragma once
// Test fixtures for the GUI: fake drones with veth-like ports, and waiting on the event loop.
#include <QCoreApplication>
#include <QElapsedTimer>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "client/core/session/fake_drone_session.h"

namespace staccato::client::testing {

/// Two linked ports "a" and "b" (or the given names), up, idle.
inline std::vector<v1::Port> fakePorts(std::vector<std::string> names = {"a", "b"}) {
  std::vector<v1::Port> ports;
  for (const auto& n : names) {
    v1::Port p;
    p.set_name(n);
    p.set_link_up(true);
    p.set_mtu(1500);
    p.set_backend("pcap");
    p.set_backend_reason("fake drone");
    p.set_rx_backend("pcap");
    p.set_line_rate_bps(10e9);
    p.mutable_config()->set_track_rx(true);
    ports.push_back(p);
  }
  return ports;
}

inline std::unique_ptr<FakeDroneSession> fakeDrone(const QString& name, std::vector<std::string> ports = {"a", "b"}) {
  return std::make_unique<FakeDroneSession>(name, fakePorts(std::move(ports)));
}

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

}  // namespace staccato::client::testing
