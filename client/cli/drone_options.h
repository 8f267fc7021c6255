#pragma once
/// Options every drone command takes: --drone, --token-file, --tls, --ca, --plaintext-token,
/// --fleet. With --fleet drones.yaml, a drone may be named @NAME anywhere an address goes (its
/// address, TLS, CA and token file come from the fleet file) and a port @NAME:PORT (PORT maybe
/// one of the fleet's aliases for that drone).
/// Credentials go only where the user meant: a bare --token-file FILE / --ca FILE is for the
/// drones the user typed (--drone or $STACCATO_DRONE, --rx-drone, the right side of --map
/// @A=@B); a drone only a file names (a session's) gets one only when named:
/// --token-file ADDRESS=FILE, --ca ADDRESS=FILE. A token goes over TLS
/// unless the drone is on this host or --plaintext-token allows clear text.
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "client/cli/args.h"
#include "client/core/drone_connection.h"
#include "client/core/fleet/fleet_file.h"

namespace staccato::cli {

/// The fleet file --fleet names (nullopt without --fleet).
Result<std::optional<client::Fleet>> loadFleet(const Args& args);

/// How a command names a port's drone.
enum class PortDrones {
  kOptions,    ///< --drone @NAME (and --rx-drone @NAME after --rx): one drone, one receive drone
  kEachPort,   ///< PORT@@NAME, each port with its own drone (the benchmark's PORT@DRONE)
};

/// The command line with every port written @NAME:PORT replaced by the drone's port name and its
/// drone named as `drones` says. With kOptions, ports of two drones (besides the receive
/// drone) are an error.
Result<std::vector<std::string>> applyFleetPorts(std::vector<std::string> argv, PortDrones drones = PortDrones::kOptions);

/// Adds the common drone options to a command's value/flag option sets.
std::set<std::string> withDroneOptions(std::set<std::string> valueOptions);
std::set<std::string> withDroneFlags(std::set<std::string> flagOptions);

/// The drone --drone names (default unix:/run/staccato/drone.sock, or $STACCATO_DRONE).
std::string primaryTarget(const Args& args);
/// `target`'s address with the credentials the options give it (`namedByUser`: typed by the
/// user, so a bare --token-file applies).
Result<client::DroneAddress> droneAddress(const Args& args, const std::string& target, bool namedByUser, bool tls);
/// Whether the user typed `target` (--drone, or a --map target), not only a file.
bool typedByUser(const Args& args, const std::string& target);
/// Connects to the drone --drone names, as the options say.
Result<std::unique_ptr<client::DroneConnection>> connect(const Args& args);
/// Connects to another drone (a session file's, --rx-drone's); `tls` when its own entry asks for it.
Result<std::unique_ptr<client::DroneConnection>> connectTo(const Args& args, const std::string& target, bool tls,
                                                           bool namedByUser);

}  // namespace staccato::cli
