#include "client/cli/drone_options.h"

#include <cstdlib>
#include <iostream>

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

}  // namespace

std::set<std::string> withDroneOptions(std::set<std::string> v) {
  v.insert({"--drone", "--token-file", "--ca"});
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
  client::DroneAddress a;
  a.target = client::withDefaultPort(target);
  if (auto tf = valueFor(args, "--token-file", a.target, namedByUser)) {
    auto token = readTokenFile(*tf);
    if (!token) return token.error();
    if (token->othersCanRead) std::cerr << "staccato-cli: warning: " << othersCanReadNote(*tf) << "\n";
    a.token = token->token;
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
