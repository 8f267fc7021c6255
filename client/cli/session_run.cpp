#include "client/cli/session_run.h"

#include <iostream>

#include "client/cli/commands.h"
#include "client/cli/drone_call.h"
#include "client/cli/drone_options.h"
#include "client/core/files/port_mapping.h"
#include "client/core/files/session_file.h"
#include "client/core/fleet/fleet_session.h"

namespace staccato::cli {
namespace {

/// One drone of the session while it loads.
struct DroneLoad {
  const v1::SessionDrone* plan;
  RunDrone run;
  v1::ListPortsReply ports;  ///< all of the drone's ports
};

Status listPorts(DroneLoad& d) {
  auto ctx = d.run.conn->context();
  const grpc::Status s = d.run.conn->stub().ListPorts(ctx.get(), v1::ListPortsRequest(), &d.ports);
  if (!s.ok()) return makeError("", client::describe(s, d.run.conn->address().target));
  return Ok{};
}

/// ConfigurePort + SetStreams for every port of the drone, then ClearStats on every port we may
/// clear: receive ports need not be in the session, and old counts there would mix in.
bool loadDrone(DroneLoad& d, const std::string& me) {
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
      if (!callDrone(*d.run.conn, &v1::Drone::Stub::ConfigurePort, req, kLongCallSeconds)) return false;
    }
    if (!setStreams(*d.run.conn, port.name(), port.streams())) return false;
    if (!port.streams().empty()) d.run.sending.push_back(port.name());
  }
  return callDrone(*d.run.conn, &v1::Drone::Stub::ClearStats, clear, kLongCallSeconds);
}

/// "it has: va@lab-a:7878, vb@lab-a:7878": the ports a --map rule could have named.
std::string sessionPortsText(const v1::SessionFile& session) {
  std::string text;
  for (const v1::SessionDrone& drone : session.drones())
    for (const v1::SessionPort& port : drone.ports()) text += (text.empty() ? "" : ", ") + port.name() + "@" + drone.address();
  return "it has: " + (text.empty() ? std::string("no ports") : text);
}

}  // namespace

int runSession(const Args& args, const std::string& path, const RunLimits& limits) {
  auto session = client::loadSessionFile(path);
  if (!session) return fail(session.error().toString());
  auto mapping = client::PortMapping::parse(args.every("--map"));
  if (!mapping) return fail(mapping.error().toString(), 2);
  for (const std::string& rule : mapping->unusedRules(*session))
    std::cerr << "staccato-cli: warning: --map " << rule << " matches no port of " << path << " (" << sessionPortsText(*session)
              << ")\n";
  auto mapped = client::remapSession(*session, *mapping);
  if (!mapped) return fail(path + ": " + mapped.error().toString());
  if (client::namesFleetDrones(*mapped)) {  // drones named @NAME: their ports may be the fleet's aliases
    auto fleet = loadFleet(args);
    if (!fleet) return fail(fleet.error().toString());
    if (!*fleet) return fail(path + ": names drones @NAME: give their fleet file with --fleet drones.yaml", 2);
    mapped = client::resolveFleetPorts(*mapped, **fleet);
    if (!mapped) return fail(path + ": " + mapped.error().toString());
  }

  std::vector<DroneLoad> drones;
  for (const v1::SessionDrone& plan : mapped->drones()) {
    auto conn = connectTo(args, plan.address(), plan.tls(), typedByUser(args, plan.address()));
    if (!conn) return fail("drone " + plan.address() + ": " + conn.error().toString());
    DroneLoad& d = drones.emplace_back();
    d.plan = &plan;
    d.run.address = plan.address();
    d.run.conn = std::move(conn).value();
    if (auto s = listPorts(d); !s) return fail(s.error().toString());
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
  std::vector<PortRun> ports;
  std::vector<RunDrone> runs;
  for (auto& d : drones) {
    for (const v1::SessionPort& port : d.plan->ports())
      ports.push_back({d.plan->address(), port.name(), {port.streams().begin(), port.streams().end()}});
    runs.push_back(std::move(d.run));
  }
  return runDrones(args, runs, limits, std::move(ports), false);
}

}  // namespace staccato::cli
