#include "client/core/fleet/fleet_json.h"

#include <cstdio>

namespace staccato::client {

std::string jsonString(const std::string& s) {
  std::string out = "\"";
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

std::string fleetToJson(const Fleet& fleet) {
  std::string out = "{\"path\": " + jsonString(fleet.path) + ", \"drones\": [";
  for (size_t i = 0; i < fleet.drones.size(); ++i) {
    const FleetDrone& d = fleet.drones[i];
    out += std::string(i ? ",\n  " : "\n  ") + "{\"name\": " + jsonString(d.name) + ", \"address\": " + jsonString(d.address) +
           ", \"token_file\": " + jsonString(d.tokenFile) + ", \"ca\": " + jsonString(d.caFile) +
           ", \"tls\": " + (d.tls ? "true" : "false") + ", \"ports\": {";
    bool first = true;
    for (const auto& [alias, port] : d.ports) {
      out += (first ? "" : ", ") + jsonString(alias) + ": " + jsonString(port);
      first = false;
    }
    out += "}}";
  }
  return out + (fleet.drones.empty() ? "]}\n" : "\n]}\n");
}

}  // namespace staccato::client
