#include "client/core/fleet/fleet_file.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>

#include "client/core/drone_connection.h"
#include "client/core/fleet/yaml_tree.h"
#include "common/files/file_reading.h"
#include "rpc/drone_address.h"

namespace staccato::client {
namespace {

using Kind = YamlNode::Kind;

Error fieldError(const std::string& path, const YamlNode& node, const std::string& message) {
  return makeError(path, "line " + std::to_string(node.line) + ": " + message);
}

Status expectKind(const std::string& path, const YamlNode& node, Kind kind) {
  if (node.kind == kind) return Ok{};
  return fieldError(path, node, std::string("must be ") + kindName(kind) + ", not " + kindName(node.kind));
}

/// Only `allowed` keys, each at most once (the YAML reader refuses repeated keys).
Status onlyKeys(const std::string& path, const YamlNode& map, const std::vector<std::string>& allowed) {
  for (const auto& [key, value] : map.entries)
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      std::string list;
      for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
      return fieldError(path.empty() ? key : path + "." + key, value, "unknown key (expected " + list + ")");
    }
  return Ok{};
}

const YamlNode* entry(const YamlNode& map, const std::string& key) {
  for (const auto& [k, v] : map.entries)
    if (k == key) return &v;
  return nullptr;
}

bool printableWithoutSpaces(const std::string& s) {
  return std::all_of(s.begin(), s.end(), [](unsigned char c) { return c > 0x20 && c < 0x7f; });
}

/// A drone name or port alias: [A-Za-z0-9][A-Za-z0-9._-]*, at most kMaxFleetNameLength.
Status checkName(const std::string& path, const YamlNode& node, const char* what) {
  if (auto s = expectKind(path, node, Kind::kScalar); !s) return s;
  const std::string& n = node.scalar;
  const bool ok = !n.empty() && n.size() <= kMaxFleetNameLength && std::isalnum(static_cast<unsigned char>(n[0])) &&
                  std::all_of(n.begin(), n.end(), [](unsigned char c) { return std::isalnum(c) || c == '.' || c == '_' || c == '-'; });
  if (ok) return Ok{};
  return fieldError(path, node, "'" + n + "' is not a " + what + ": 1.." + std::to_string(kMaxFleetNameLength) +
                                    " letters, digits, '.', '_' or '-', starting with a letter or digit");
}

/// HOST[:PORT], [IPV6][:PORT] or unix:/PATH.
Status checkAddress(const std::string& path, const YamlNode& node) {
  if (auto s = expectKind(path, node, Kind::kScalar); !s) return s;
  const std::string& a = node.scalar;
  auto bad = [&](const std::string& why) {
    return fieldError(path, node, "'" + a + "' " + why + " (HOST, HOST:PORT, [IPV6]:PORT or unix:/PATH)");
  };
  if (a.empty() || a.size() > kMaxAddressLength || !printableWithoutSpaces(a))
    return bad("is not an address: 1.." + std::to_string(kMaxAddressLength) + " printable characters without spaces");
  if (rpc::isUnixAddress(a)) {
    const std::string p = rpc::unixAddressPath(a);
    if (p.empty() || p[0] != '/') return bad("needs an absolute socket path");
    return Ok{};
  }
  std::string host = a, port;
  bool hasPort = false;
  if (a[0] == '[') {
    const size_t close = a.find(']');
    if (close == std::string::npos || close < 2) return bad("opens '[' without an IPv6 address and ']'");
    host = a.substr(1, close - 1);
    if (close + 1 < a.size()) {
      if (a[close + 1] != ':') return bad("has text after ']' that is not :PORT");
      port = a.substr(close + 2);
      hasPort = true;
    }
  } else if (const size_t colon = a.find(':'); colon != std::string::npos) {
    if (a.find(':', colon + 1) != std::string::npos) return bad("has several ':' (an IPv6 address goes in brackets)");
    host = a.substr(0, colon);
    port = a.substr(colon + 1);
    hasPort = true;
  }
  if (host.empty()) return bad("has no host");
  if (a[0] != '[' && !std::all_of(host.begin(), host.end(), [](unsigned char c) { return std::isalnum(c) || c == '.' || c == '-' || c == '_'; }))
    return bad("has a host name with characters other than letters, digits, '.', '-' and '_'");
  if (hasPort) {
    const bool digits = !port.empty() && port.size() <= 5 && std::all_of(port.begin(), port.end(), ::isdigit);
    if (!digits || std::stoul(port) < 1 || std::stoul(port) > 65535) return bad("has a port that is not 1..65535");
  }
  return Ok{};
}

Result<std::string> filePath(const std::string& path, const YamlNode& node, const std::string& baseDir) {
  if (auto s = expectKind(path, node, Kind::kScalar); !s) return s.error();
  const std::string& p = node.scalar;
  if (p.empty() || p.size() > kMaxPathLength || p.find('\0') != std::string::npos ||
      !std::all_of(p.begin(), p.end(), [](unsigned char c) { return c >= 0x20 && c != 0x7f; }))
    return fieldError(path, node, "is not a file path: 1.." + std::to_string(kMaxPathLength) + " printable characters");
  if (p[0] == '/' || baseDir.empty()) return p;
  return baseDir + "/" + p;
}

Result<bool> boolean(const std::string& path, const YamlNode& node) {
  if (auto s = expectKind(path, node, Kind::kScalar); !s) return s.error();
  if (!node.quoted && node.scalar == "true") return true;
  if (!node.quoted && node.scalar == "false") return false;
  return fieldError(path, node, "'" + node.scalar + "' is not true or false");
}

Status readPorts(const std::string& path, const YamlNode& node, FleetDrone& d) {
  if (auto s = expectKind(path, node, Kind::kMapping); !s) return s;
  if (node.entries.size() > kMaxPortAliases)
    return fieldError(path, node, "more than " + std::to_string(kMaxPortAliases) + " port aliases");
  for (const auto& [alias, port] : node.entries) {
    const std::string p = path + "." + alias;
    YamlNode aliasNode;
    aliasNode.scalar = alias;
    aliasNode.line = port.line;
    if (auto s = checkName(p, aliasNode, "port alias"); !s) return s;
    if (auto s = expectKind(p, port, Kind::kScalar); !s) return s;
    if (port.scalar.empty() || port.scalar.size() > kMaxPortNameLength || !printableWithoutSpaces(port.scalar))
      return fieldError(p, port, "'" + port.scalar + "' is not a port name: 1.." + std::to_string(kMaxPortNameLength) +
                                     " printable characters without spaces");
    d.ports[alias] = port.scalar;
  }
  return Ok{};
}

Result<FleetDrone> readDrone(const std::string& path, const YamlNode& node, const std::string& baseDir) {
  if (auto s = expectKind(path, node, Kind::kMapping); !s) return s.error();
  if (auto s = onlyKeys(path, node, {"name", "address", "token_file", "ca", "tls", "ports"}); !s) return s.error();
  FleetDrone d;
  for (const char* required : {"name", "address"})
    if (!entry(node, required)) return fieldError(path, node, std::string("has no ") + required);
  if (auto s = checkName(path + ".name", *entry(node, "name"), "drone name"); !s) return s.error();
  d.name = entry(node, "name")->scalar;
  if (auto s = checkAddress(path + ".address", *entry(node, "address")); !s) return s.error();
  d.address = withDefaultPort(entry(node, "address")->scalar);
  if (const YamlNode* n = entry(node, "token_file")) {
    auto p = filePath(path + ".token_file", *n, baseDir);
    if (!p) return p.error();
    d.tokenFile = *p;
  }
  if (const YamlNode* n = entry(node, "ca")) {
    auto p = filePath(path + ".ca", *n, baseDir);
    if (!p) return p.error();
    d.caFile = *p;
  }
  if (const YamlNode* n = entry(node, "tls")) {
    auto b = boolean(path + ".tls", *n);
    if (!b) return b.error();
    if (!*b && !d.caFile.empty()) return fieldError(path + ".tls", *n, "is false, but a CA is given (ca: means TLS)");
    d.tls = *b;
  }
  d.tls = d.tls || !d.caFile.empty();
  if (const YamlNode* n = entry(node, "ports"))
    if (auto s = readPorts(path + ".ports", *n, d); !s) return s.error();
  return d;
}

}  // namespace

std::string FleetDrone::portName(const std::string& nameOrAlias) const {
  auto it = ports.find(nameOrAlias);
  return it == ports.end() ? nameOrAlias : it->second;
}

const FleetDrone* Fleet::find(const std::string& name) const {
  for (const auto& d : drones)
    if (d.name == name) return &d;
  return nullptr;
}

std::string Fleet::unknownName(const std::string& name) const {
  std::string names;
  for (const auto& d : drones) names += (names.empty() ? "@" : ", @") + d.name;
  return "no drone named '@" + name + "' in the fleet" + (path.empty() ? "" : " " + path) + " (it has " + names + ")";
}

Result<Fleet> parseFleet(const std::string& text, const std::string& baseDir) {
  auto root = parseYaml(text, {kMaxFleetFileBytes, 8, 100'000});
  if (!root) return root.error();
  if (root->kind != Kind::kMapping) return makeError("", "a fleet file is a mapping with a 'drones' list (see docs/deploy.md)");
  if (auto s = onlyKeys("", *root, {"version", "drones"}); !s) return s.error();
  if (const YamlNode* v = entry(*root, "version"); v && (v->kind != Kind::kScalar || v->scalar != std::to_string(kFleetFormatVersion)))
    return fieldError("version", *v, "'" + v->scalar + "': this client reads fleet files of version " +
                                         std::to_string(kFleetFormatVersion));
  const YamlNode* list = entry(*root, "drones");
  if (!list) return makeError("drones", "missing: a fleet file lists its drones under 'drones:'");
  if (auto s = expectKind("drones", *list, Kind::kSequence); !s) return s.error();
  if (list->items.empty()) return fieldError("drones", *list, "is empty: a fleet has at least one drone");
  if (list->items.size() > kMaxFleetDrones)
    return fieldError("drones", *list, "more than " + std::to_string(kMaxFleetDrones) + " drones");
  Fleet fleet;
  std::map<std::string, std::string> seenAddress;  // address -> the path of the drone that has it
  for (size_t i = 0; i < list->items.size(); ++i) {
    const std::string path = "drones[" + std::to_string(i) + "]";
    auto d = readDrone(path, list->items[i], baseDir);
    if (!d) return d.error();
    if (fleet.find(d->name))
      return fieldError(path + ".name", list->items[i], "'" + d->name + "' names two drones");
    if (auto [it, added] = seenAddress.emplace(d->address, d->name); !added)
      return fieldError(path + ".address", list->items[i], d->address + " is drone '" + it->second + "' already");
    fleet.drones.push_back(std::move(d).value());
  }
  return fleet;
}

Result<Fleet> loadFleetFile(const std::string& path) {
  auto text = readTextFile(path, kMaxFleetFileBytes);
  if (!text) return text.error();
  std::error_code ec;
  const std::string dir = std::filesystem::absolute(path, ec).lexically_normal().parent_path().string();
  auto fleet = parseFleet(*text, dir);
  if (!fleet) return makeError(path, fleet.error().toString(), fleet.error().kind);
  fleet->path = path;
  return fleet;
}

std::optional<FleetRef> parseFleetRef(const std::string& text) {
  if (text.empty() || text[0] != '@') return std::nullopt;
  const size_t colon = text.find(':');
  if (colon == std::string::npos) return FleetRef{text.substr(1), ""};
  return FleetRef{text.substr(1, colon - 1), text.substr(colon + 1)};
}

}  // namespace staccato::client
