#include "drone/core/emulated_hosts.h"

namespace staccato::drone {

Status EmulatedHosts::update(const PortInfo& port, std::shared_ptr<const devices::HostTable> hosts) {
  if (!hosts || hosts->empty()) {
    close(port.name);
    return Ok{};
  }
  if (auto it = ports_.find(port.name); it != ports_.end()) {
    it->second->setHosts(std::move(hosts));
    return Ok{};
  }
  auto socket = source_.openControl(port);
  if (!socket) return socket.error().withPrefix("config.devices");
  ports_[port.name] = std::make_shared<devices::PortDevices>(port.name, std::move(socket).value(), std::move(hosts));
  return Ok{};
}

void EmulatedHosts::close(const std::string& port) { ports_.erase(port); }

std::shared_ptr<devices::PortDevices> EmulatedHosts::of(const std::string& port) const {
  auto it = ports_.find(port);
  return it == ports_.end() ? nullptr : it->second;
}

std::string EmulatedHosts::error(const std::string& port) const {
  auto devices = of(port);
  const std::string e = devices ? devices->error() : "";
  return e.empty() ? "" : "emulated hosts: " + e;
}

}  // namespace staccato::drone
