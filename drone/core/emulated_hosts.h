#pragma once
/// Each port's emulated hosts while it has device groups: their responder thread and neighbour
/// table (drone/devices/PortDevices). A port without groups has no control socket at all. Not
/// thread-safe: the DroneCore's lock guards it (PortDevices itself is thread-safe, so a start
/// resolves through it without that lock).
#include <map>
#include <memory>
#include <string>

#include "drone/core/port_source.h"
#include "drone/devices/port_devices.h"

namespace staccato::drone {

class EmulatedHosts {
 public:
  explicit EmulatedHosts(PortSource& source) : source_(source) {}
  /// Gives the port these hosts: opens its control socket when it had none, closes it when
  /// `hosts` is empty. Nothing changes when the socket cannot open.
  Status update(const PortInfo& port, std::shared_ptr<const devices::HostTable> hosts);
  void close(const std::string& port);
  /// The port's hosts at work, or null.
  std::shared_ptr<devices::PortDevices> of(const std::string& port) const;
  /// Why the port's hosts cannot send or receive now ("emulated hosts: ..."), or "".
  std::string error(const std::string& port) const;

 private:
  PortSource& source_;
  std::map<std::string, std::shared_ptr<devices::PortDevices>> ports_;
};

}  // namespace staccato::drone
