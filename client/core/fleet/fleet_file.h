#pragma once
/// The fleet file (drones.yaml): the drones of a lab by name, with where they listen and the
/// credentials to reach them, so commands, session files and scripts name drones (`@lab-a`) and
/// ports (`@lab-a:uplink`) instead of addresses, and one session runs on any lab that has a fleet
/// file with the same names. The one home of its rules; the CLI, the GUI and Python (through
/// `staccato-cli fleet show --json`) all read it here. Format: docs/deploy.md#the-fleet-file.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/core/result.h"

namespace staccato::client {

inline constexpr size_t kMaxFleetFileBytes = size_t{1} << 20;
inline constexpr size_t kMaxFleetDrones = 256;
inline constexpr size_t kMaxPortAliases = 256;   ///< per drone
inline constexpr size_t kMaxFleetNameLength = 63;  ///< drone names and port aliases
inline constexpr size_t kMaxPortNameLength = 64;
inline constexpr size_t kMaxAddressLength = 255;
inline constexpr size_t kMaxPathLength = 4096;
inline constexpr int kFleetFormatVersion = 1;

struct FleetDrone {
  std::string name;       ///< [A-Za-z0-9][A-Za-z0-9._-]*
  std::string address;    ///< HOST:PORT (the default port added) or unix:PATH
  std::string tokenFile;  ///< absolute (relative paths are the fleet file's directory's); empty = none
  std::string caFile;     ///< absolute; empty = the system's roots (with tls)
  bool tls = false;       ///< true when `tls: true` or a CA is given
  std::map<std::string, std::string> ports;  ///< alias -> the drone's port name

  /// The drone's port for `nameOrAlias`: an alias's port, else the name itself.
  std::string portName(const std::string& nameOrAlias) const;
};

struct Fleet {
  std::string path;  ///< the file it was read from ("" when parsed from text)
  std::vector<FleetDrone> drones;

  /// The drone named `name` (without the '@'); nullptr when the fleet has none.
  const FleetDrone* find(const std::string& name) const;
  /// "@name" as the error text for a name the fleet lacks, listing the names it has.
  std::string unknownName(const std::string& name) const;
};

/// Parses and validates fleet text; relative file paths are taken from `baseDir`. Errors name the
/// field (`drones[2].address`), its line and what to fix.
Result<Fleet> parseFleet(const std::string& text, const std::string& baseDir);
/// Reads and parses a fleet file (at most kMaxFleetFileBytes); errors start with the path.
Result<Fleet> loadFleetFile(const std::string& path);

/// A drone (and maybe a port) named through the fleet: "@name" or "@name:port".
struct FleetRef {
  std::string drone;  ///< without the '@'
  std::string port;   ///< as written (maybe an alias); empty for "@name"
};
/// "@name[:port]" split; nullopt when `text` does not start with '@'.
std::optional<FleetRef> parseFleetRef(const std::string& text);

}  // namespace staccato::client
