// staccato-cli devices PORT add|list|clear and neighbors PORT [--resolve] [--json]: a port's
// emulated hosts (device groups, part of its configuration) and their neighbour table.
#include <cstdio>
#include <iostream>

#include "client/cli/commands.h"
#include "client/cli/drone_options.h"
#include "client/cli/safe_output.h"
#include "client/cli/stats_format.h"
#include "client/core/device_groups_text.h"
#include "rpc/device_limits.h"

namespace staccato::cli {
namespace {

constexpr const char* kDevicesUsage =
    "usage: staccato-cli devices PORT add --count N --mac M --ip A/P --gateway G [--ipv6 A/P --gateway6 G] [--vlan ID]... "
    "[--step-ip S --step-mac S] [--name NAME] [--announce] | devices PORT list [--json] | devices PORT clear";

/// The port's current configuration (ListPorts), to change and send back whole.
Result<v1::PortConfig> currentConfig(client::DroneConnection& c, const std::string& port) {
  v1::ListPortsReply ports;
  auto ctx = c.context();
  if (auto s = c.stub().ListPorts(ctx.get(), {}, &ports); !s.ok()) return makeError("", client::describe(s, c.address().target));
  for (const auto& p : ports.ports())
    if (p.name() == port) return p.config();
  return makeError("", "port '" + port + "' not found on " + c.address().target + " (see: staccato-cli ports)");
}

Status configure(client::DroneConnection& c, const std::string& port, const v1::PortConfig& config) {
  v1::ConfigurePortRequest req;
  req.set_port(port);
  req.set_client_id(client::DroneConnection::clientId());
  *req.mutable_config() = config;
  v1::ConfigurePortReply rep;
  auto ctx = c.context();
  if (auto s = c.stub().ConfigurePort(ctx.get(), req, &rep); !s.ok()) return makeError("", client::describe(s, c.address().target));
  return Ok{};
}

/// The group `add` describes (the drone checks its values; this splits what was typed).
Result<v1::DeviceGroup> groupFromArgs(const Args& a) {
  v1::DeviceGroup g;
  auto count = a.number("--count", 1, 1, rpc::kMaxHostsPerPort);
  if (!count) return count.error();
  g.set_count(static_cast<uint32_t>(*count));
  if (!a.get("--mac")) return makeError("--mac", "give the first host's MAC (e.g. --mac 02:00:00:00:01:00)");
  g.set_mac(*a.get("--mac"));
  g.set_name(a.get("--name").value_or(""));
  g.set_announce(a.has("--announce"));
  uint64_t ipStep = 0;
  if (auto s = a.get("--step-ip")) {
    auto step = client::parseIpStep(*s);
    if (!step) return step.error().withPrefix("--step-ip");
    ipStep = *step;
  }
  if (auto s = a.get("--step-mac")) {
    auto step = client::parseMacStep(*s);
    if (!step) return step.error().withPrefix("--step-mac");
    g.set_mac_step(*step);
  }
  if (!a.get("--ip") && !a.get("--ipv6")) return makeError("--ip", "give the first host's address (e.g. --ip 10.0.0.10/24)");
  if (auto ip = a.get("--ip")) {
    if (auto s = client::setAddress(*g.mutable_ipv4(), *ip, a.get("--gateway").value_or("")); !s) return s.error().withPrefix("--ip");
    auto step4 = client::ipv4Step(ipStep);
    if (!step4) return step4.error().withPrefix("--step-ip");
    g.mutable_ipv4()->set_step(*step4);
  }
  if (auto ip = a.get("--ipv6")) {
    if (auto s = client::setAddress(*g.mutable_ipv6(), *ip, a.get("--gateway6").value_or("")); !s)
      return s.error().withPrefix("--ipv6");
    g.mutable_ipv6()->set_step(ipStep);
  }
  if (a.all.count("--vlan"))
    for (const std::string& v : a.all.at("--vlan")) {  // repeated for QinQ, outer first
      auto vid = client::parseVlanId(v);
      if (!vid) return vid.error().withPrefix("--vlan");
      g.add_vlans()->set_vid(*vid);
    }
  return g;
}

void printGroups(const v1::PortConfig& config) {
  std::cout << formatText("%-5s %-12s %6s %-17s %-10s %-8s %-20s %-16s %-24s %s\n", "GROUP", "NAME", "COUNT", "MAC", "MAC STEP", "VLANS",
              "IPV4", "GATEWAY", "IPV6", "GATEWAY6");
  for (int i = 0; i < config.devices_size(); ++i) {
    const v1::DeviceGroup& g = config.devices(i);
    std::cout << formatText("%-5d %-12s %6u %-17s %-10llu %-8s %-20s %-16s %-24s %s\n", i, g.name().empty() ? "-" : g.name().c_str(),
                g.count(), g.mac().c_str(), (unsigned long long)(g.mac_step() ? g.mac_step() : 1),
                client::vlansText(g).empty() ? "-" : client::vlansText(g).c_str(), client::ipv4Text(g).c_str(),
                g.ipv4().gateway().c_str(), client::ipv6Text(g).c_str(), g.ipv6().gateway().c_str());
  }
}

}  // namespace

int devicesCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv,
                        withDroneOptions({"--count", "--mac", "--ip", "--gateway", "--ipv6", "--gateway6", "--vlan", "--step-ip",
                                          "--step-mac", "--name"}),
                        withDroneFlags({"--json", "--announce"}));
  if (!args) return fail(args.error().toString(), 2);
  if (args->positional.size() != 2) return fail(kDevicesUsage, 2);
  const std::string port = args->positional[0], action = args->positional[1];
  if (action != "add" && action != "list" && action != "clear") return fail(kDevicesUsage, 2);
  std::optional<v1::DeviceGroup> group;
  if (action == "add") {
    auto g = groupFromArgs(*args);
    if (!g) return fail(g.error().toString(), 2);
    group = std::move(g).value();
  }
  auto conn = connect(*args);
  if (!conn) return fail(conn.error().toString());
  auto config = currentConfig(**conn, port);
  if (!config) return fail(config.error().toString());
  if (action == "list") {
    if (args->has("--json")) {  // the groups as an array, as PortConfig.devices holds them
      std::cout << "[";
      for (int i = 0; i < config->devices_size(); ++i) {
        std::cout << (i ? ",\n" : "\n") << toJson(config->devices(i));
      }
      std::cout << "\n]\n";
    } else {
      std::cout.flush();
      printGroups(*config);
    }
    return 0;
  }
  if (action == "clear") config->clear_devices();
  if (group) *config->add_devices() = *group;
  if (auto s = configure(**conn, port, *config); !s) return fail(s.error().toString());
  std::cout.flush();
  printGroups(*config);
  return 0;
}

int neighborsCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, withDroneOptions({"--address"}), withDroneFlags({"--resolve", "--json"}));
  if (!args) return fail(args.error().toString(), 2);
  if (args->positional.size() != 1) return fail("usage: staccato-cli neighbors PORT [--resolve [--address IP]...] [--json]", 2);
  auto conn = connect(*args);
  if (!conn) return fail(conn.error().toString());
  client::DroneConnection& c = **conn;
  google::protobuf::RepeatedPtrField<v1::Neighbor> neighbors;
  auto ctx = c.context();
  if (args->has("--resolve")) {
    v1::ResolveNeighborsRequest req;
    req.set_port(args->positional[0]);
    req.set_client_id(client::DroneConnection::clientId());
    if (args->all.count("--address"))
      for (const auto& a : args->all.at("--address")) req.add_addresses(a);
    v1::ResolveNeighborsReply rep;
    if (auto s = c.stub().ResolveNeighbors(ctx.get(), req, &rep); !s.ok()) return fail(client::describe(s, c.address().target));
    neighbors = rep.neighbors();
  } else {
    v1::GetNeighborsRequest req;
    req.set_port(args->positional[0]);
    v1::GetNeighborsReply rep;
    if (auto s = c.stub().GetNeighbors(ctx.get(), req, &rep); !s.ok()) return fail(client::describe(s, c.address().target));
    neighbors = rep.neighbors();
  }
  if (args->has("--json")) {
    v1::GetNeighborsReply out;
    *out.mutable_neighbors() = neighbors;
    printJson(std::cout, out);
    return 0;
  }
  std::cout << formatText("%-40s %-17s %-10s %10s %-40s %s\n", "IP", "MAC", "STATE", "AGE (s)", "DEVICE", "VLANS");
  for (const v1::Neighbor& n : neighbors) {
    std::string vlans;
    for (uint32_t v : n.vlans()) vlans += (vlans.empty() ? "" : ",") + std::to_string(v);
    std::cout << formatText("%-40s %-17s %-10s %10.1f %-40s %s\n", n.ip().c_str(), n.mac().empty() ? "-" : n.mac().c_str(),
                v1::Neighbor::State_Name(n.state()).c_str(), double(n.age_ms()) / 1000.0, n.device().c_str(),
                vlans.empty() ? "-" : vlans.c_str());
  }
  return 0;
}

}  // namespace staccato::cli
