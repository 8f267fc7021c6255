#include "client/core/files/port_mapping.h"

#include <algorithm>
#include <set>

namespace staccato::client {
namespace {

constexpr const char* kForms = "use PORT=NEWPORT, PORT@DRONE=NEWPORT@NEWDRONE or @DRONE=@NEWDRONE";

/// "eth1@host:7878" -> {host:7878, eth1}; "eth1" -> {"", eth1}; "@host" -> {host, ""}.
DronePort splitRef(const std::string& text) {
  const size_t at = text.find('@');
  if (at == std::string::npos) return {"", text};
  return {text.substr(at + 1), text.substr(0, at)};
}

}  // namespace

Result<PortMapping> PortMapping::parse(const std::vector<std::string>& rules) {
  PortMapping m;
  for (const std::string& rule : rules) {
    const size_t eq = rule.find('=');
    auto bad = [&](const std::string& why) { return makeError("--map " + rule, why + "; " + kForms); };
    if (eq == std::string::npos) return bad("no '='");
    if (rule.find('=', eq + 1) != std::string::npos) return bad("more than one '='");
    const DronePort from = splitRef(rule.substr(0, eq)), to = splitRef(rule.substr(eq + 1));
    const bool fromHasDrone = rule.substr(0, eq).find('@') != std::string::npos;
    const bool toHasDrone = rule.substr(eq + 1).find('@') != std::string::npos;
    if (fromHasDrone != toHasDrone) return bad("both sides name a drone (PORT@DRONE) or neither does");
    if (fromHasDrone && (from.drone.empty() || to.drone.empty())) return bad("a drone address is empty");
    if (from.port.empty() != to.port.empty()) return bad("both sides name a port or neither does");
    if (from.port.empty() && !fromHasDrone) return bad("nothing to map");
    if (!fromHasDrone)
      m.renamePort(from.port, to.port);
    else if (from.port.empty())
      m.moveDrone(from.drone, to.drone);
    else
      m.mapPort(from, to);
  }
  return m;
}

DronePort PortMapping::apply(const DronePort& from) const {
  if (auto it = exact_.find({from.drone, from.port}); it != exact_.end()) return it->second;
  DronePort to = from;
  if (auto it = byName_.find(from.port); it != byName_.end()) to.port = it->second;
  if (auto it = byDrone_.find(from.drone); it != byDrone_.end()) to.drone = it->second;
  return to;
}

std::vector<std::string> PortMapping::unusedRules(const v1::SessionFile& session) const {
  std::set<std::pair<std::string, std::string>> exactUsed;
  std::set<std::string> namesUsed, dronesUsed;
  for (const v1::SessionDrone& drone : session.drones())
    for (const v1::SessionPort& port : drone.ports()) {
      if (exact_.contains({drone.address(), port.name()})) {
        exactUsed.insert({drone.address(), port.name()});
        continue;  // as apply() does: an exact rule is the only one a port takes
      }
      if (byName_.contains(port.name())) namesUsed.insert(port.name());
      if (byDrone_.contains(drone.address())) dronesUsed.insert(drone.address());
    }
  std::vector<std::string> unused;
  for (const auto& [from, to] : exact_)
    if (!exactUsed.contains(from)) unused.push_back(from.second + "@" + from.first + "=" + to.toString());
  for (const auto& [from, to] : byName_)
    if (!namesUsed.contains(from)) unused.push_back(from + "=" + to);
  for (const auto& [from, to] : byDrone_)
    if (!dronesUsed.contains(from)) unused.push_back("@" + from + "=@" + to);
  return unused;
}

Result<v1::SessionFile> remapSession(const v1::SessionFile& session, const PortMapping& mapping) {
  v1::SessionFile out;
  out.set_format_version(session.format_version());
  out.set_saved_by(session.saved_by());
  std::map<std::string, int> droneIndex;                // mapped address -> index in out
  std::map<std::pair<std::string, std::string>, DronePort> taken;  // mapped port -> where it came from
  for (const v1::SessionDrone& drone : session.drones()) {
    for (const v1::SessionPort& port : drone.ports()) {
      const DronePort from{drone.address(), port.name()};
      const DronePort to = mapping.apply(from);
      if (auto [it, fresh] = taken.emplace(std::pair{to.drone, to.port}, from); !fresh)
        return makeError("", "session ports " + it->second.toString() + " and " + from.toString() + " would both run on " +
                                 to.toString() + "; map them to different ports");
      auto [slot, added] = droneIndex.emplace(to.drone, out.drones_size());
      if (added) {
        v1::SessionDrone* d = out.add_drones();
        d->set_address(to.drone);
        d->set_name(to.drone == drone.address() ? drone.name() : "");
        d->set_tls(drone.tls());
      }
      v1::SessionPort* p = out.mutable_drones(slot->second)->add_ports();
      *p = port;
      p->set_name(to.port);
    }
  }
  return out;
}

Status checkPortsExist(const v1::SessionFile& session, const PortLister& portsOf) {
  for (const v1::SessionDrone& drone : session.drones()) {
    if (drone.ports().empty()) continue;
    auto ports = portsOf(drone.address());
    if (!ports) return ports.error().withPrefix("drone " + drone.address());
    for (const v1::SessionPort& port : drone.ports()) {
      if (std::find(ports->begin(), ports->end(), port.name()) != ports->end()) continue;
      std::string have;
      for (const auto& p : *ports) have += (have.empty() ? "" : ", ") + p;
      return makeError("", "drone " + drone.address() + " has no port '" + port.name() + "' (it has: " + have +
                               "); map the session's port to one of them");
    }
  }
  return Ok{};
}

}  // namespace staccato::client
