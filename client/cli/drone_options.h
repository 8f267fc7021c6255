#pragma once
/// Options every drone command takes: --drone, --token-file, --tls, --ca.
#include <memory>
#include <set>
#include <string>

#include "client/cli/args.h"
#include "client/core/drone_connection.h"

namespace staccato::cli {

/// Adds the common drone options to a command's value/flag option sets.
std::set<std::string> withDroneOptions(std::set<std::string> valueOptions);
std::set<std::string> withDroneFlags(std::set<std::string> flagOptions);

/// Connects as the options say (default unix:/run/staccato/drone.sock, or $STACCATO_DRONE).
Result<std::unique_ptr<client::DroneConnection>> connect(const Args& args);

}  // namespace staccato::cli
