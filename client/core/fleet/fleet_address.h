#pragma once
/// A fleet drone as a connection address: the fleet's address, TLS and CA, and the token read
/// from its token file. The CLI and the GUI connect to fleet drones through this alone.
#include <functional>
#include <string>

#include "client/core/drone_connection.h"
#include "client/core/fleet/fleet_file.h"

namespace staccato::client {

/// `warn` hears about a token file other users can read (the token is used all the same).
Result<DroneAddress> droneAddressOf(const FleetDrone& drone, const std::function<void(const std::string&)>& warn = {});

}  // namespace staccato::client
