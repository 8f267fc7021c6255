#include "client/core/fleet/fleet_address.h"

#include "common/files/token_file.h"

namespace staccato::client {

Result<DroneAddress> droneAddressOf(const FleetDrone& drone, const std::function<void(const std::string&)>& warn) {
  DroneAddress a;
  a.target = drone.address;
  a.tls = drone.tls || !drone.caFile.empty();
  a.caCertFile = drone.caFile;
  a.fleetName = drone.name;
  if (!drone.tokenFile.empty()) {
    auto token = readTokenFile(drone.tokenFile);
    if (!token) return makeError("@" + drone.name, token.error().toString(), token.error().kind);
    if (token->othersCanRead && warn) warn(othersCanReadNote(drone.tokenFile));
    a.token = token->token;
  }
  return a;
}

}  // namespace staccato::client
