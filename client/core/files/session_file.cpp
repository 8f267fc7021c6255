#include "client/core/files/session_file.h"

#include <set>

#include "common/files/json_document.h"
#include "common/files/stream_file.h"
#include "common/stream/compiler.h"

namespace staccato::client {
namespace {

Status validate(const v1::SessionFile& session) {
  std::set<std::string> addresses;
  for (int d = 0; d < session.drones_size(); ++d) {
    const v1::SessionDrone& drone = session.drones(d);
    const std::string at = "drones[" + std::to_string(d) + "]";
    if (drone.address().empty()) return makeError(at + ".address", "missing; e.g. \"127.0.0.1:7878\" or \"unix:/run/staccato/drone.sock\"");
    if (!addresses.insert(drone.address()).second)
      return makeError(at + ".address", "'" + drone.address() + "' appears twice; list each drone once with all its ports");
    std::set<std::string> names;
    for (int p = 0; p < drone.ports_size(); ++p) {
      const v1::SessionPort& port = drone.ports(p);
      const std::string portAt = at + ".ports[" + std::to_string(p) + "]";
      if (port.name().empty()) return makeError(portAt + ".name", "missing; the port's interface name, e.g. \"eth1\"");
      if (!names.insert(port.name()).second)
        return makeError(portAt + ".name", "port '" + port.name() + "' appears twice on drone " + drone.address());
      if (auto plans = compileAll(port.streams()); !plans) return plans.error().withPrefix(portAt);
    }
  }
  return Ok{};
}

}  // namespace

Result<v1::SessionFile> parseSessionFile(std::string_view json) {
  v1::SessionFile session;
  if (auto s = parseVersionedJson(json, {"session file", kSessionFileFormat}, session); !s) return s.error();
  if (auto s = validate(session); !s) return s.error();
  return session;
}

Result<v1::SessionFile> loadSessionFile(const std::string& path) { return loadTextFile(path, parseSessionFile); }

std::string sessionFileToJson(v1::SessionFile session) {
  session.set_format_version(kSessionFileFormat);
  session.set_saved_by("staccato " STACCATO_VERSION);
  return messageToPrettyJson(session);
}

Status saveSessionFile(const std::string& path, const v1::SessionFile& session) {
  return writeFileAtomically(path, sessionFileToJson(session));
}

bool looksLikeSessionFile(std::string_view json) {
  auto root = parseJsonValue(json, "session file");
  return root && root->struct_value().fields().contains("drones");
}

}  // namespace staccato::client
