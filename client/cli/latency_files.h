#pragma once
/// --latency-csv FILE and --latency-hgrm FILE (stats and run): the drones' latency histograms
/// as CSV rows per bucket, and HdrHistogram's percentile distribution of all streams together.
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "client/cli/args.h"
#include "common/core/result.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::cli {

inline const std::set<std::string> kLatencyFileOptions = {"--latency-csv", "--latency-hgrm"};

/// Whether the command prints or writes latency histograms (--json or a latency file), so its
/// stats watch must ask the drone for the buckets.
bool wantsLatencyBuckets(const Args& args);

/// Writes the files that `args` asks for from each drone's snapshot (by address). A stream
/// whose buckets are malformed is left out with a warning on stderr; a receive row that another
/// drone's snapshot already pairs with its sender counts once. An error when a file cannot be
/// written; --latency-hgrm with no stream to describe is only a warning (the run's verdicts stand).
Status writeLatencyFiles(const Args& args, const std::vector<std::pair<std::string, v1::StatsSnapshot>>& snapshots);

}  // namespace staccato::cli
