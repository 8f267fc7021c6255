#pragma once
/// The drone calls a trial is made of, each returning a Status that names the drone and says
/// what went wrong: load streams, clear counters, resolve neighbours, start at T0, stop, and read
/// the counters once.
#include <cstdint>
#include <string>
#include <vector>

#include "client/core/drone_connection.h"
#include "common/core/result.h"
#include "rpc/streams/stream_parts.h"

namespace staccato::bench {

Result<v1::ListPortsReply> listPorts(client::DroneConnection& d);
Status configurePort(client::DroneConnection& d, const std::string& port, const v1::PortConfig& config);
Status loadStreams(client::DroneConnection& d, const std::string& port, const rpc::Streams& streams);
Status clearStats(client::DroneConnection& d, const std::vector<std::string>& ports);
/// ResolveNeighbors for the port's gateways (a port that emulates hosts).
Status resolveGateways(client::DroneConnection& d, const std::string& port);
/// How StartTx starts a benchmark's ports.
struct PortStart {
  uint64_t atNs = 0;          ///< the drone's CLOCK_REALTIME of the first frame; 0 = at once
  uint32_t rampMs = 0;        ///< the rate rises from nothing over this long
  uint32_t leaseSeconds = 30; ///< the drone stops the ports itself if this client goes away
  uint32_t maxCatchUpUs = 0;  ///< a sender behind its schedule bursts at most this much; 0 = catches up in full
  v1::RunLabel run;           ///< what the drone's stats and metrics call the run while it sends
};
/// Starts `ports`; returns the lease's id ("" without a lease), for renewLease.
Result<std::string> startPorts(client::DroneConnection& d, const std::vector<std::string>& ports, const PortStart& how);
Status renewLease(client::DroneConnection& d, const std::string& leaseId);
Status stopPorts(client::DroneConnection& d, const std::vector<std::string>& ports);
/// One snapshot of `ports`, taken after this call (with latency buckets when `latency`).
Result<v1::StatsSnapshot> readOnce(client::DroneConnection& d, const std::vector<std::string>& ports, bool latency);

/// `e` (a call to `drone` that failed) as the error of `port` there ("PORT@DRONE"), while `doing`
/// ("" = nothing to add).
Error portError(const std::string& port, const std::string& drone, const Error& e, const std::string& doing = "");

}  // namespace staccato::bench
