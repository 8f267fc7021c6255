#include "client/cli/session_run.h"

#include <unistd.h>

#include <chrono>
#include <iostream>
#include <thread>

#include "client/cli/commands.h"
#include "client/cli/drone_call.h"
#include "client/cli/safe_output.h"
#include "client/cli/drone_options.h"
#include "client/cli/run_guard.h"
#include "client/cli/run_report.h"
#include "client/cli/stats_format.h"
#include "client/cli/stats_watch.h"
#include "client/core/files/port_mapping.h"
#include "client/core/files/session_file.h"

namespace staccato::cli {
namespace {

/// One drone of the session while it runs.
struct DroneRun {
  const v1::SessionDrone* plan;
  std::unique_ptr<client::DroneConnection> conn;
  std::unique_ptr<Watch> watch;
  v1::StatsSnapshot snap;
  std::vector<std::string> sendingPorts;  ///< ports with streams
  v1::ListPortsReply ports;               ///< all of the drone's ports
};

/// Loading a port's streams can carry a big replay: allow more than the usual 10 s.
constexpr double kCallDeadlineSeconds = 60;

Status listPorts(DroneRun& d) {
  auto ctx = d.conn->context();
  const grpc::Status s = d.conn->stub().ListPorts(ctx.get(), v1::ListPortsRequest(), &d.ports);
  if (!s.ok()) return makeError("", client::describe(s, d.conn->address().target));
  return Ok{};
}

/// ConfigurePort + SetStreams for every port of the drone, then ClearStats on every port we may
/// clear: receive ports need not be in the session, and old counts there would mix in.
bool loadDrone(DroneRun& d, const std::string& me) {
  v1::ClearStatsRequest clear;
  clear.set_client_id(me);
  for (const v1::Port& port : d.ports.ports())
    if (port.reserved_by().empty() || port.reserved_by() == me) clear.add_ports(port.name());
  for (const v1::SessionPort& port : d.plan->ports()) {
    if (port.has_config()) {
      v1::ConfigurePortRequest req;
      req.set_port(port.name());
      *req.mutable_config() = port.config();
      req.set_client_id(me);
      if (!callDrone(*d.conn, &v1::Drone::Stub::ConfigurePort, req, kCallDeadlineSeconds)) return false;
    }
    if (!setStreams(*d.conn, port.name(), port.streams())) return false;
    if (!port.streams().empty()) d.sendingPorts.push_back(port.name());
  }
  return callDrone(*d.conn, &v1::Drone::Stub::ClearStats, clear, kCallDeadlineSeconds);
}

template <typename Req>
Req portsRequest(const std::vector<std::string>& ports, const std::string& me) {
  Req req;
  for (const auto& p : ports) req.add_ports(p);
  req.set_client_id(me);
  return req;
}

}  // namespace

int runSession(const Args& args, const std::string& path, uint64_t durationSeconds, uint32_t leaseSeconds) {
  auto session = client::loadSessionFile(path);
  if (!session) return fail(session.error().toString());
  auto mapping = client::PortMapping::parse(args.every("--map"));
  if (!mapping) return fail(mapping.error().toString(), 2);
  auto mapped = client::remapSession(*session, *mapping);
  if (!mapped) return fail(path + ": " + mapped.error().toString());

  std::vector<DroneRun> drones;
  for (const v1::SessionDrone& plan : mapped->drones()) {
    Args droneArgs = args;
    droneArgs.options["--drone"] = plan.address();
    if (plan.tls()) droneArgs.flags.insert("--tls");
    auto conn = connect(droneArgs);
    if (!conn) return fail("drone " + plan.address() + ": " + conn.error().toString());
    drones.push_back({&plan, std::move(conn).value(), nullptr, {}, {}, {}});
    if (auto s = listPorts(drones.back()); !s) return fail(s.error().toString());
  }
  auto lister = [&](const std::string& address) -> Result<std::vector<std::string>> {
    std::vector<std::string> names;
    for (auto& d : drones)
      if (d.plan->address() == address)
        for (const auto& p : d.ports.ports()) names.push_back(p.name());
    return names;
  };
  if (auto s = client::checkPortsExist(*mapped, lister); !s)
    return fail(s.error().toString() + (args.every("--map").empty() ? " (with --map SESSIONPORT=PORT)" : ""));

  const std::string me = client::DroneConnection::clientId();
  for (auto& d : drones)
    if (!loadDrone(d, me)) return 1;
  for (auto& d : drones) {
    d.watch = std::make_unique<Watch>(*d.conn, kWatchIntervalMs);
    if (!d.watch->next(d.snap)) return fail("lost the stats stream from drone " + d.plan->address());
  }
  const auto began = std::chrono::steady_clock::now();
  RunGuard guard(leaseSeconds);
  std::vector<std::string> started;
  for (auto& d : drones) {
    if (d.sendingPorts.empty()) continue;
    auto start = portsRequest<v1::StartTxRequest>(d.sendingPorts, me);
    start.set_lease_seconds(guard.leaseSeconds());
    v1::StartTxReply rep;
    if (!callDrone(*d.conn, &v1::Drone::Stub::StartTx, start, rep, kCallDeadlineSeconds)) return 1;
    guard.leased(*d.conn, rep.lease_id());
    started.insert(started.end(), d.sendingPorts.begin(), d.sendingPorts.end());
  }

  const bool tty = isatty(STDERR_FILENO) && !args.has("--json");
  bool stoppedEarly = false;
  for (bool busy = true; busy;) {
    busy = false;
    std::string progress;
    for (auto& d : drones) {
      if (!d.watch->next(d.snap)) return fail("lost the stats stream from drone " + d.plan->address());
      for (const auto& port : d.sendingPorts) {
        busy |= portTransmitting(d.snap, port);
        progress += progressLine(d.snap, port, "") + "  ";
      }
    }
    if (tty) {
      writeControl(std::cerr, "\r\x1b[K");
      std::cerr << progress << std::flush;
    }
    if (busy && (RunGuard::stopSignal() || !guard.renewDue() ||
                 (durationSeconds && std::chrono::steady_clock::now() - began >= std::chrono::seconds(durationSeconds)))) {
      stoppedEarly = true;
      break;
    }
  }
  if (tty) std::cerr << "\n";
  for (auto& d : drones)
    if (!d.sendingPorts.empty() && !callDrone(*d.conn, &v1::Drone::Stub::StopTx, portsRequest<v1::StopTxRequest>(d.sendingPorts, me), kCallDeadlineSeconds))
      return 1;
  const auto giveUp = std::chrono::steady_clock::now() + kMaxDrainTime;
  std::this_thread::sleep_for(kDrainTime);

  RunOutcome outcome;
  outcome.stoppedEarly = stoppedEarly;
  outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  for (auto& d : drones) {
    if (!d.watch->settled(d.snap, giveUp)) return fail("lost the stats stream from drone " + d.plan->address());
    outcome.snapshots.emplace_back(d.plan->address(), d.snap);
    for (const v1::SessionPort& port : d.plan->ports())
      outcome.ports.push_back({d.plan->address(), port.name(), {port.streams().begin(), port.streams().end()}});
  }
  return guard.exitCode(report(args, outcome), started);
}

}  // namespace staccato::cli
