// staccato-cli fleet show|status: the fleet file as read, and each drone's state, asked of all
// drones at once (an unreachable drone costs its deadline once, not once per drone).
#include <future>
#include <iostream>

#include "client/cli/commands.h"
#include "client/cli/drone_options.h"
#include "client/cli/stats_format.h"
#include "client/core/fleet/fleet_json.h"
#include "common/core/json_text.h"

namespace staccato::cli {
namespace {

constexpr double kStatusSeconds = 5;

struct DroneState {
  const client::FleetDrone* drone = nullptr;
  std::string error;  ///< empty when reachable
  v1::GetVersionReply version;
  v1::ListPortsReply ports;
};

DroneState askDrone(const Args& args, const client::FleetDrone& d) {
  DroneState st;
  st.drone = &d;
  auto conn = connectTo(args, "@" + d.name, false, false);
  if (!conn) {
    st.error = conn.error().toString();
    return st;
  }
  v1::GetVersionRequest req;
  req.set_client_major(client::kClientProtocolMajor);
  req.set_client_minor(client::kClientProtocolMinor);
  auto ctx = (*conn)->context(kStatusSeconds);
  if (grpc::Status s = (*conn)->stub().GetVersion(ctx.get(), req, &st.version); !s.ok()) {
    st.error = client::describe(s, d.address);
    return st;
  }
  ctx = (*conn)->context(kStatusSeconds);
  if (grpc::Status s = (*conn)->stub().ListPorts(ctx.get(), {}, &st.ports); !s.ok()) st.error = client::describe(s, d.address);
  return st;
}

std::string clockText(const v1::ClockState& c) {
  if (!c.synchronized()) return "clock NOT synchronized (scheduled starts across drones are refused)";
  return "clock synchronized (estimated error " + std::to_string(c.estimated_error_ns() / 1000) + " us, at most " +
         std::to_string(c.max_error_ns() / 1000) + " us)";
}

void printText(const client::Fleet& fleet, const std::vector<DroneState>& states) {
  std::cout << "fleet " << fleet.path << ": " << states.size() << " drones\n";
  for (const DroneState& st : states) {
    const client::FleetDrone& d = *st.drone;
    std::cout << "\n@" << d.name << "  " << d.address << (d.tls ? " (TLS)" : "") << "  ";
    if (!st.error.empty()) {
      std::cout << "UNREACHABLE: " << st.error << "\n";
      continue;
    }
    std::cout << "reachable, staccato-drone " << st.version.version() << " (protocol " << st.version.major() << "."
              << st.version.minor() << ") on " << st.version.hostname() << "\n  " << clockText(st.version.clock()) << "\n";
    if (!d.ports.empty()) {
      std::cout << "  aliases:";
      for (const auto& [alias, port] : d.ports) std::cout << " " << alias << "=" << port;
      std::cout << "\n";
    }
    printPortTable(std::cout, st.ports);
  }
}

void printJsonStatus(const client::Fleet& fleet, const std::vector<DroneState>& states) {
  std::cout << "{\"fleet\": " << jsonQuoted(fleet.path) << ", \"drones\": [";
  for (size_t i = 0; i < states.size(); ++i) {
    const DroneState& st = states[i];
    std::cout << (i ? ",\n" : "\n") << "{\"name\": " << jsonQuoted(st.drone->name)
              << ", \"address\": " << jsonQuoted(st.drone->address)
              << ", \"reachable\": " << (st.error.empty() ? "true" : "false") << ", \"error\": " << jsonQuoted(st.error);
    if (st.error.empty()) {
      std::cout << ",\n \"drone\": " << toJson(st.version) << ",\n \"ports\": [";
      for (int p = 0; p < st.ports.ports_size(); ++p) std::cout << (p ? ", " : "") << toJson(st.ports.ports(p));
      std::cout << "]";
    }
    std::cout << "}";
  }
  std::cout << "\n]}\n";
}

}  // namespace

int fleetCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, withDroneOptions({}), withDroneFlags({"--json"}));
  if (!args) return fail(args.error().toString(), 2);
  if (args->positional.size() != 1 || (args->positional[0] != "show" && args->positional[0] != "status"))
    return fail("usage: staccato-cli fleet show|status --fleet drones.yaml [--json]", 2);
  auto fleet = loadFleet(*args);
  if (!fleet) return fail(fleet.error().toString());
  if (!*fleet) return fail("fleet " + args->positional[0] + " needs --fleet drones.yaml", 2);
  if (args->positional[0] == "show") {
    if (args->has("--json")) {
      std::cout << client::fleetToJson(**fleet);
    } else {
      for (const auto& d : (*fleet)->drones) {
        std::cout << "@" << d.name << "  " << d.address << (d.tls ? "  TLS" : "") << (d.caFile.empty() ? "" : "  CA " + d.caFile)
                  << (d.tokenFile.empty() ? "" : "  token " + d.tokenFile) << "\n";
        for (const auto& [alias, port] : d.ports) std::cout << "    @" << d.name << ":" << alias << " = " << port << "\n";
      }
    }
    return 0;
  }
  std::vector<std::future<DroneState>> asked;
  for (const auto& d : (*fleet)->drones) asked.push_back(std::async(std::launch::async, askDrone, std::cref(*args), std::cref(d)));
  std::vector<DroneState> states;
  bool allReachable = true;
  for (auto& f : asked) {
    states.push_back(f.get());
    allReachable = allReachable && states.back().error.empty();
  }
  if (args->has("--json"))
    printJsonStatus(**fleet, states);
  else
    printText(**fleet, states);
  return allReachable ? 0 : 1;
}

}  // namespace staccato::cli
