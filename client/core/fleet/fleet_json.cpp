#include "client/core/fleet/fleet_json.h"

#include "common/core/json_text.h"

namespace staccato::client {

std::string fleetToJson(const Fleet& fleet) {
  std::string out = "{\"path\": " + jsonQuoted(fleet.path) + ", \"drones\": [";
  for (size_t i = 0; i < fleet.drones.size(); ++i) {
    const FleetDrone& d = fleet.drones[i];
    out += std::string(i ? ",\n  " : "\n  ") + "{\"name\": " + jsonQuoted(d.name) + ", \"address\": " + jsonQuoted(d.address) +
           ", \"token_file\": " + jsonQuoted(d.tokenFile) + ", \"ca\": " + jsonQuoted(d.caFile) +
           ", \"tls\": " + (d.tls ? "true" : "false") + ", \"ports\": {";
    bool first = true;
    for (const auto& [alias, port] : d.ports) {
      out += (first ? "" : ", ") + jsonQuoted(alias) + ": " + jsonQuoted(port);
      first = false;
    }
    out += "}}";
  }
  return out + (fleet.drones.empty() ? "]}\n" : "\n]}\n");
}

}  // namespace staccato::client
