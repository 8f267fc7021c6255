#pragma once
/// How a run's ports start: at once on one drone; at one wall-clock time T0 on several (the
/// drones' clocks checked first); and optionally rising to their rates over a ramp. Options of
/// `run`: --ramp MS, --start-margin MS, --clock-tolerance US, --unsynchronized-start.
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "client/cli/args.h"
#include "client/cli/run_loop.h"

namespace staccato::cli {

inline constexpr uint64_t kDefaultStartMarginMs = 500;

struct StartPlan {
  uint64_t atNs = 0;    ///< the drones' CLOCK_REALTIME of the first packet; 0 = at once
  uint32_t rampMs = 0;
};

/// The run options this adds to `run`.
std::set<std::string> withStartOptions(std::set<std::string> valueOptions);
std::set<std::string> withStartFlags(std::set<std::string> flagOptions);

/// The plan for these drones: a scheduled start when more than one sends or --start-margin is
/// given, refused (or, with --unsynchronized-start, warned about) when their clocks disagree.
Result<StartPlan> planStart(const Args& args, std::vector<RunDrone>& drones);

}  // namespace staccato::cli
