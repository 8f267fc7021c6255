#pragma once
/// The one run loop of `staccato-cli run`, whatever was loaded (a stream file on --tx, or a
/// session file on all its drones): start, follow, stop, settle, report.
#include <memory>
#include <string>
#include <vector>

#include "client/cli/args.h"
#include "client/cli/run_verdict.h"
#include "client/cli/stats_watch.h"
#include "client/core/drone_connection.h"

namespace staccato::cli {

/// One drone taking part in a run, its streams already loaded and its counters cleared.
struct RunDrone {
  std::string address;
  std::unique_ptr<client::DroneConnection> conn;
  std::vector<std::string> sending;  ///< the ports this run starts (those with streams)
  std::string rxPort;                ///< its port shown beside the sending ports' progress ("" = none)
  std::unique_ptr<Watch> watch;
  v1::StatsSnapshot snap;            ///< the latest (after the run: the settled one)
};

struct RunLimits {
  uint64_t durationSeconds = 0;  ///< 0 = until every sending port is done
  uint32_t leaseSeconds = 0;     ///< 0 = start without a lease
};

/// Starts every drone's sending ports (leased), shows progress on a terminal, ends when they are
/// all done, or on a signal, a lost lease or the duration; stops them, waits until the receive
/// counts settle, pairs receive rows with their senders across drones, judges and reports
/// `ports`. `oneSnapshot`: report the first drone's snapshot alone, with the other drones'
/// receive ports added (a stream file's run), instead of one per drone. Returns the exit code.
int runDrones(const Args& args, std::vector<RunDrone>& drones, const RunLimits& limits, std::vector<PortRun> ports,
              bool oneSnapshot);

}  // namespace staccato::cli
