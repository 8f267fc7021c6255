#pragma once
/// The end of a run: stats tables or JSON on stdout, --junit FILE, and the exit code.
#include "client/cli/args.h"
#include "client/cli/run_verdict.h"

namespace staccato::cli {

/// Prints the outcome (text tables, or --json), writes --junit FILE and the latency files
/// (--latency-csv, --latency-hgrm), and returns the exit code:
/// 1 when a port reported a transmit error, 3 with --check when a verdict failed (a stream did
/// not send all its packets or lost some), else 0. A single drone prints its snapshot as it is
/// ({"ports": [...], "streams": [...]}); several print {"drones": [{"address", "stats"}]}.
int report(const Args& args, const RunOutcome& outcome);

}  // namespace staccato::cli
