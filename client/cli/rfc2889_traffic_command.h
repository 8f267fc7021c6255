#pragma once
/// staccato-cli benchmark rfc2889 meshed|broadcast, once the options are parsed and the drones
/// connected (rfc2889_command.cpp does both for every RFC 2889 test).
#include <vector>

#include "client/cli/rfc2889_args.h"

namespace staccato::cli {

/// Runs the test, prints each trial and the answer; the exit status (0: complete).
int runRfc2889Traffic(const Rfc2889Options& o, const bench::DroneMap& drones, const std::vector<bench::Endpoint>& ports);

}  // namespace staccato::cli
