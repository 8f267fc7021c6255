#include "client/cli/drone_options.h"

#include <cstdlib>
#include <iostream>

#include "client/core/fleet/fleet_address.h"
#include "client/core/fleet/fleet_file.h"
#include "common/files/token_file.h"

namespace staccato::cli {
namespace {

/// The value of a per-drone option for `target`: "TARGET=VALUE" given for it, else a bare VALUE
/// when the user typed the drone. A bare value never goes to a drone only a file names.
std::optional<std::string> valueFor(const Args& args, const std::string& option, const std::string& target,
                                    bool namedByUser) {
  std::optional<std::string> bare;
  for (const std::string& v : args.every(option)) {
    const size_t eq = v.find('=');
    if (eq == std::string::npos) {
      bare = v;
      continue;
    }
    if (client::withDefaultPort(v.substr(0, eq)) == target) return v.substr(eq + 1);
  }
  if (namedByUser) return bare;
  return std::nullopt;
}


/// The token file's token, with the usual warning when others can read it.
Result<std::string> tokenFrom(const std::string& path) {
  auto token = readTokenFile(path);
  if (!token) return token.error();
  if (token->othersCanRead) std::cerr << "staccato-cli: warning: " << othersCanReadNote(path) << "\n";
  return token->token;
}

/// A fleet drone's address: the fleet's address, TLS, CA and token file (a --token-file or --ca
/// @NAME=FILE given for it wins).
Result<client::DroneAddress> fleetDroneAddress(const Args& args, const client::FleetRef& ref, bool tls) {
  if (!ref.port.empty()) return makeError("@" + ref.drone + ":" + ref.port, "a drone here, not a port: write @" + ref.drone);
  auto fleet = loadFleet(args);
  if (!fleet) return fleet.error();
  if (!*fleet) return makeError("@" + ref.drone, "drones named @NAME need a fleet file: --fleet drones.yaml");
  const client::FleetDrone* found = (*fleet)->find(ref.drone);
  if (!found) return makeError("", (*fleet)->unknownName(ref.drone));
  client::FleetDrone d = *found;
  if (auto tf = valueFor(args, "--token-file", "@" + d.name, false)) d.tokenFile = *tf;
  if (auto ca = valueFor(args, "--ca", "@" + d.name, false)) d.caFile = *ca;
  d.tls = d.tls || tls;
  auto a = client::droneAddressOf(d, [](const std::string& note) { std::cerr << "staccato-cli: warning: " << note << "\n"; });
  if (!a) return a.error();
  a->plaintextToken = args.has("--plaintext-token");
  return a;
}

}  // namespace

Result<std::optional<client::Fleet>> loadFleet(const Args& args) {
  auto path = args.get("--fleet");
  if (!path) return std::optional<client::Fleet>();
  auto fleet = client::loadFleetFile(*path);
  if (!fleet) return fleet.error();
  return std::optional<client::Fleet>(std::move(fleet).value());
}

Result<std::vector<std::string>> applyFleetPorts(std::vector<std::string> argv, PortDrones drones) {
  const std::set<std::string> notPorts = {"--fleet", "--map", "--token-file", "--ca", "--drone", "--rx-drone", "--server-drone"};
  std::optional<client::Fleet> fleet;
  std::string primary, receiver;  // the drones' names
  std::string receiverOption = "--rx-drone";  // flows run's --server port has a drone of its own too
  for (size_t i = 0; i < argv.size(); ++i) {
    if (i > 0 && notPorts.count(argv[i - 1])) continue;
    const auto ref = client::parseFleetRef(argv[i]);
    if (!ref || ref->port.empty() || argv[i].find('=') != std::string::npos) continue;
    if (!fleet) {
      Args only;
      for (size_t j = 0; j + 1 < argv.size(); ++j)
        if (argv[j] == "--fleet") only.options["--fleet"] = argv[j + 1];
      auto loaded = loadFleet(only);
      if (!loaded) return loaded.error();
      if (!*loaded) return makeError(argv[i], "ports named @NAME:PORT need a fleet file: --fleet drones.yaml");
      fleet = std::move(**loaded);
    }
    const client::FleetDrone* d = fleet->find(ref->drone);
    if (!d) return makeError(argv[i], fleet->unknownName(ref->drone));
    if (drones == PortDrones::kEachPort) {
      argv[i] = d->portName(ref->port) + "@@" + ref->drone;
      continue;
    }
    const bool received = i > 0 && (argv[i - 1] == "--rx" || argv[i - 1] == "--server");
    if (received && argv[i - 1] == "--server") receiverOption = "--server-drone";
    std::string& which = received ? receiver : primary;
    if (!which.empty() && which != ref->drone)
      return makeError(argv[i], "a port of @" + ref->drone + " beside ports of @" + which + ": one command drives one drone");
    which = ref->drone;
    argv[i] = d->portName(ref->port);
  }
  // Adds `option @name`, or checks that the one given names the same drone.
  auto give = [&argv](const std::string& option, const std::string& name) -> Status {
    for (size_t j = 0; j + 1 < argv.size(); ++j)
      if (argv[j] == option && argv[j + 1] != "@" + name)
        return makeError(option, "'" + argv[j + 1] + "', but the ports named are @" + name + "'s");
    argv.insert(argv.end(), {option, "@" + name});
    return Ok{};
  };
  if (!primary.empty())
    if (auto s = give("--drone", primary); !s) return s.error();
  if (!receiver.empty() && receiver != primary)
    if (auto s = give(receiverOption, receiver); !s) return s.error();
  return argv;
}

std::set<std::string> withDroneOptions(std::set<std::string> v) {
  v.insert({"--drone", "--token-file", "--ca", "--fleet"});
  return v;
}

std::set<std::string> withDroneFlags(std::set<std::string> f) {
  f.insert({"--tls", "--plaintext-token"});
  return f;
}

std::string primaryTarget(const Args& args) {
  std::string target = client::kDefaultDroneTarget;
  if (const char* env = std::getenv("STACCATO_DRONE")) target = env;
  if (auto d = args.get("--drone")) target = *d;
  return client::withDefaultPort(target);
}

Result<client::DroneAddress> droneAddress(const Args& args, const std::string& target, bool namedByUser, bool tls) {
  if (auto ref = client::parseFleetRef(target)) return fleetDroneAddress(args, *ref, tls);
  client::DroneAddress a;
  a.target = client::withDefaultPort(target);
  if (auto tf = valueFor(args, "--token-file", a.target, namedByUser)) {
    auto token = tokenFrom(*tf);
    if (!token) return token.error();
    a.token = *token;
  }
  const auto ca = valueFor(args, "--ca", a.target, namedByUser);
  a.tls = tls || ca.has_value() || (namedByUser && args.has("--tls"));
  if (ca) a.caCertFile = *ca;
  a.plaintextToken = args.has("--plaintext-token");
  return a;
}

Result<std::unique_ptr<client::DroneConnection>> connect(const Args& args) {
  auto a = droneAddress(args, primaryTarget(args), true, false);
  if (!a) return a.error();
  return client::DroneConnection::open(*a);
}

bool typedByUser(const Args& args, const std::string& target) {
  const std::string t = client::withDefaultPort(target);
  if (args.get("--drone") && t == primaryTarget(args)) return true;
  for (const std::string& m : args.every("--map"))  // --map @FILE_DRONE=@THIS_DRONE
    if (const size_t eq = m.find("=@"); m.rfind("@", 0) == 0 && eq != std::string::npos &&
                                        client::withDefaultPort(m.substr(eq + 2)) == t)
      return true;
  return false;
}

Result<std::unique_ptr<client::DroneConnection>> connectTo(const Args& args, const std::string& target, bool tls,
                                                           bool namedByUser) {
  auto a = droneAddress(args, target, namedByUser, tls);
  if (!a) return a.error();
  return client::DroneConnection::open(*a);
}

}  // namespace staccato::cli
