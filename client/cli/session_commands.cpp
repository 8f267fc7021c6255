// staccato-cli session save: what drones hold (port configuration and streams) as a session
// file, to share or to `run` later, on these drones or (with --map) on others.
#include <algorithm>
#include <iostream>
#include <map>

#include "client/cli/commands.h"
#include "client/cli/drone_call.h"
#include "client/cli/drone_options.h"
#include "client/core/files/session_file.h"

namespace staccato::cli {
namespace {

Status addDrone(const Args& args, v1::SessionFile& session) {
  auto conn = connect(args);
  if (!conn) return conn.error();
  client::DroneConnection& c = **conn;
  auto failed = [&](const grpc::Status& s) { return makeError("", client::describe(s, c.address().target)); };
  v1::GetVersionReply version;
  v1::ListPortsReply ports;
  {
    auto ctx = c.context();
    v1::GetVersionRequest req;
    req.set_client_major(client::kClientProtocolMajor);
    req.set_client_minor(client::kClientProtocolMinor);
    if (auto s = c.stub().GetVersion(ctx.get(), req, &version); !s.ok()) return failed(s);
  }
  {
    auto ctx = c.context();
    if (auto s = c.stub().ListPorts(ctx.get(), v1::ListPortsRequest(), &ports); !s.ok()) return failed(s);
  }
  v1::SessionDrone* drone = session.add_drones();
  drone->set_address(c.address().target);
  drone->set_name(version.hostname());
  drone->set_tls(c.address().tls);
  // A fleet drone is saved by its name, its ports by their aliases: the file runs on any lab
  // whose fleet file has those names.
  std::map<std::string, std::string> aliasOf;
  if (const std::string target = primaryTarget(args); client::parseFleetRef(target)) {
    auto fleet = loadFleet(args);
    if (!fleet) return fleet.error();
    if (const client::FleetDrone* f = *fleet ? (*fleet)->find(target.substr(1)) : nullptr)
      for (const auto& [alias, port] : f->ports) aliasOf.emplace(port, alias);
    drone->set_address(target);
    drone->set_tls(false);  // the fleet file says
  }
  const std::vector<std::string> only = args.every("--port");
  for (const v1::Port& port : ports.ports()) {
    if (!only.empty() && std::find(only.begin(), only.end(), port.name()) == only.end()) continue;
    auto streams = fetchStreams(c, port.name());
    if (!streams) return streams.error();
    v1::SessionPort* p = drone->add_ports();
    p->set_name(aliasOf.count(port.name()) ? aliasOf[port.name()] : port.name());
    *p->mutable_config() = port.config();
    *p->mutable_streams() = std::move(streams).value();
  }
  return Ok{};
}

}  // namespace

int sessionCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, withDroneOptions({"--port"}), withDroneFlags({}));
  if (!args) return fail(args.error().toString(), 2);
  if (args->positional.size() != 2 || args->positional[0] != "save")
    return fail("usage: staccato-cli session save OUT.json [--drone HOST:PORT]... [--port PORT]...", 2);
  v1::SessionFile session;
  std::vector<std::string> drones = args->every("--drone");
  if (drones.empty()) drones.push_back("");  // the default drone
  for (const std::string& target : drones) {
    Args one = *args;
    if (!target.empty()) one.options["--drone"] = target;
    if (auto s = addDrone(one, session); !s) return fail(s.error().toString());
  }
  if (auto s = client::saveSessionFile(args->positional[1], session); !s) return fail(s.error().toString());
  size_t ports = 0, streams = 0;
  for (const auto& d : session.drones())
    for (const auto& p : d.ports()) ++ports, streams += p.streams_size();
  std::cerr << "saved " << session.drones_size() << " drone(s), " << ports << " port(s), " << streams << " stream(s) to "
            << args->positional[1] << "\n";
  return 0;
}

}  // namespace staccato::cli
