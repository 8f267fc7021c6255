#pragma once
/// `staccato-cli run SESSION.json`: every drone and port of a session file at once.
#include "client/cli/args.h"
#include "client/cli/run_loop.h"

namespace staccato::cli {

/// Loads the session (mapped by --map rules), configures every port, loads its streams, sends
/// on every port with streams, waits until all finish (or --duration), reports.
int runSession(const Args& args, const std::string& path, const RunLimits& limits);

}  // namespace staccato::cli
