#pragma once
/// The fleet as JSON (`staccato-cli fleet show --json`, read by Python's staccato.Fleet): the
/// validated form, with defaults applied and file paths made absolute.
#include <string>

#include "client/core/fleet/fleet_file.h"

namespace staccato::client {

/// {"path": ..., "drones": [{"name", "address", "token_file", "ca", "tls", "ports": {alias: port}}]}
std::string fleetToJson(const Fleet& fleet);

}  // namespace staccato::client
