#include "client/cli/drone_options.h"

#include <cstdlib>

#include "common/files/stream_file.h"

namespace staccato::cli {

std::set<std::string> withDroneOptions(std::set<std::string> v) {
  v.insert({"--drone", "--token-file", "--ca"});
  return v;
}

std::set<std::string> withDroneFlags(std::set<std::string> f) {
  f.insert("--tls");
  return f;
}

Result<std::unique_ptr<client::DroneConnection>> connect(const Args& args) {
  client::DroneAddress a;
  if (const char* env = std::getenv("STACCATO_DRONE")) a.target = env;
  if (auto d = args.get("--drone")) a.target = *d;
  a.target = client::withDefaultPort(a.target);
  if (auto tf = args.get("--token-file")) {
    auto token = readSecretLine(*tf);
    if (!token) return token.error();
    a.token = *token;
  }
  a.tls = args.has("--tls") || args.get("--ca").has_value();
  if (auto ca = args.get("--ca")) a.caCertFile = *ca;
  return client::DroneConnection::open(a);
}

}  // namespace staccato::cli
