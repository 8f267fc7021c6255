#pragma once
/// Moving a session onto other drones and ports (another lab, other interface names).
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "common/core/result.h"
#include "staccato/v1/session.pb.h"

namespace staccato::client {

/// A port of a drone: "eth1@10.0.0.2:7878".
struct DronePort {
  std::string drone;  ///< the drone's address
  std::string port;
  std::string toString() const { return port + "@" + drone; }
  bool operator==(const DronePort&) const = default;
};

/// Mapping rules, most specific first:
///   "PORT@DRONE=NEWPORT@NEWDRONE"  one port to a port of (possibly) another drone
///   "PORT=NEWPORT"                 a port name on every drone (same drone)
///   "@DRONE=@NEWDRONE"             a whole drone to another (same port names)
/// Anything without a rule stays where it is.
class PortMapping {
 public:
  /// Parses rules as `--map` takes them; errors quote the rule and show the three forms.
  static Result<PortMapping> parse(const std::vector<std::string>& rules);

  void mapPort(const DronePort& from, const DronePort& to) { exact_[{from.drone, from.port}] = to; }
  void renamePort(const std::string& from, const std::string& to) { byName_[from] = to; }
  void moveDrone(const std::string& from, const std::string& to) { byDrone_[from] = to; }

  DronePort apply(const DronePort& from) const;
  bool empty() const { return exact_.empty() && byName_.empty() && byDrone_.empty(); }
  /// The rules no port of `session` takes (as `--map` writes them): most likely a typo, or a
  /// drone address written differently from the file's ("@lab-a" for "lab-a:7878").
  std::vector<std::string> unusedRules(const v1::SessionFile& session) const;

 private:
  std::map<std::pair<std::string, std::string>, DronePort> exact_;
  std::map<std::string, std::string> byName_;
  std::map<std::string, std::string> byDrone_;
};

/// The session after mapping: ports moved, drones that end up at one address merged (in first-
/// seen order). Two session ports landing on the same port is an error naming both.
Result<v1::SessionFile> remapSession(const v1::SessionFile& session, const PortMapping& mapping);

/// A drone's port names, or why they could not be listed.
using PortLister = std::function<Result<std::vector<std::string>>(const std::string& droneAddress)>;

/// Checks that every port of a (mapped) session exists on its drone; the error lists the ports
/// the drone has, so the user can write the mapping.
Status checkPortsExist(const v1::SessionFile& session, const PortLister& portsOf);

}  // namespace staccato::client
