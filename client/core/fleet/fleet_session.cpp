#include "client/core/fleet/fleet_session.h"

namespace staccato::client {

bool namesFleetDrones(const v1::SessionFile& session) {
  for (const auto& d : session.drones())
    if (parseFleetRef(d.address())) return true;
  return false;
}

Result<v1::SessionFile> resolveFleetPorts(const v1::SessionFile& session, const Fleet& fleet) {
  v1::SessionFile out = session;
  for (int i = 0; i < out.drones_size(); ++i) {
    v1::SessionDrone& d = *out.mutable_drones(i);
    const auto ref = parseFleetRef(d.address());
    if (!ref) continue;
    const std::string path = "drones[" + std::to_string(i) + "].address";
    if (!ref->port.empty()) return makeError(path, "'" + d.address() + "': a session's drone is @NAME, without a port");
    const FleetDrone* f = fleet.find(ref->drone);
    if (!f) return makeError(path, fleet.unknownName(ref->drone));
    for (auto& port : *d.mutable_ports()) port.set_name(f->portName(port.name()));
  }
  return out;
}

Result<v1::SessionFile> placeOnFleet(const v1::SessionFile& session, const Fleet& fleet) {
  auto out = resolveFleetPorts(session, fleet);
  if (!out) return out;
  for (auto& d : *out->mutable_drones())
    if (const auto ref = parseFleetRef(d.address())) {
      const FleetDrone* f = fleet.find(ref->drone);  // resolveFleetPorts checked it is there
      if (d.name().empty()) d.set_name("@" + f->name);
      d.set_address(f->address);
      d.set_tls(f->tls);
    }
  return out;
}

}  // namespace staccato::client
