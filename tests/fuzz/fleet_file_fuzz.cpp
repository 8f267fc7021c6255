/// Fleet files: any text is refused with a message or accepted within the fleet's limits, with
/// unique names and addresses, and the same text gives the same fleet again.
#include <cstdlib>
#include <set>
#include <string>

#include "client/core/fleet/fleet_file.h"
#include "client/core/fleet/fleet_json.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace staccato::client;
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto fleet = parseFleet(text, "/fleet");
  if (!fleet) {
    if (fleet.error().toString().empty()) std::abort();
    return 0;
  }
  if (fleet->drones.empty() || fleet->drones.size() > kMaxFleetDrones) std::abort();
  std::set<std::string> names, addresses;
  for (const FleetDrone& d : fleet->drones) {
    if (!names.insert(d.name).second || !addresses.insert(d.address).second) std::abort();
    if (d.name.empty() || d.name.size() > kMaxFleetNameLength || d.ports.size() > kMaxPortAliases) std::abort();
    if (!d.caFile.empty() && !d.tls) std::abort();
    if (d.address.find(':') == std::string::npos) std::abort();  // the default port was added
  }
  auto again = parseFleet(text, "/fleet");
  if (!again || fleetToJson(*again) != fleetToJson(*fleet)) std::abort();
  return 0;
}
