// staccato-cli ports | configure | stats [--watch] | start | stop | clear | reserve | release:
// one RPC each (configure: read, change, write), for scripting.
#include <unistd.h>

#include <iostream>
#include <sstream>

#include "client/cli/commands.h"
#include "client/cli/drone_options.h"
#include "client/core/clock_check.h"
#include "client/core/drone_call.h"
#include "client/cli/latency_files.h"
#include "client/cli/safe_output.h"
#include "client/cli/stats_format.h"
#include "client/core/stats_reader.h"
#include "rpc/names/backend_names.h"

namespace staccato::cli {
namespace {

Result<Args> parseDroneArgs(const std::vector<std::string>& argv, std::set<std::string> values = {},
                            std::set<std::string> flags = {}) {
  return parseArgs(argv, withDroneOptions(std::move(values)), withDroneFlags(std::move(flags)));
}

/// start PORT... [--in MS]: at the drone's clock now + MS when given. The ports' transmit queues
/// open before a scheduled start is armed; when that, or the round trip, takes longer than MS,
/// the drone refuses (nothing sent) and the start is asked again with twice the margin, saying so, up to
/// kMaxStartMarginMs. start_time_ns is printed once a start was accepted.
constexpr uint64_t kMaxStartMarginMs = 10'000;  ///< opening takes milliseconds (pcap) to a second (in-kernel)
int startPorts(client::DroneConnection& conn, const std::vector<std::string>& ports, uint64_t inMs, uint32_t rampMs) {
  v1::StartTxRequest r;
  for (const auto& p : ports) r.add_ports(p);
  r.set_client_id(client::DroneConnection::clientId());
  r.set_ramp_ms(rampMs);
  for (;;) {
    if (inMs) {  // on the drone's clock: its now, plus the margin
      auto clock = client::readDroneClock(conn);
      if (!clock) return fail(clock.error().toString());
      r.set_start_time_ns(clock->now_ns() + inMs * 1'000'000);
    }
    v1::StartTxReply rep;
    const Status s = client::unaryCall(conn, &v1::Drone::Stub::StartTx, r, rep, client::kLongCallSeconds);
    if (s) {
      if (inMs) std::cout << "start_time_ns " << r.start_time_ns() << "\n";
      return 0;
    }
    if (!inMs || !client::startWasLate(s.error()) || 2 * inMs > kMaxStartMarginMs) return fail(s.error().message);
    std::cerr << "staccato-cli: the start time passed before the drone armed it (the round trip, or the ports' "
                 "transmit queues opening; nothing was sent): starting again " << 2 * inMs << " ms ahead\n";
    inMs *= 2;
  }
}

}  // namespace

int portsCommand(const std::vector<std::string>& argv) {
  auto args = parseDroneArgs(argv, {}, {"--json"});
  if (!args) return fail(args.error().toString(), 2);
  auto conn = connect(*args);
  if (!conn) return fail(conn.error().toString());
  v1::ListPortsReply rep;
  auto ctx = (*conn)->context();
  if (auto s = (*conn)->stub().ListPorts(ctx.get(), {}, &rep); !s.ok()) return fail(client::describe(s, (*conn)->address().target));
  if (args->has("--json"))
    printJson(std::cout, rep);
  else
    printPortTable(std::cout, rep);
  return 0;
}

int configureCommand(const std::vector<std::string>& argv) {
  auto args = parseDroneArgs(argv, {"--mode", "--track-rx", "--line-rate", "--backend", "--queues", "--cpus", "--rx-backend", "--reflect"}, {});
  if (!args) return fail(args.error().toString(), 2);
  if (args->positional.size() != 1)
    return fail("usage: staccato-cli configure PORT [--mode sequential|interleaved] [--track-rx on|off] [--line-rate BPS] "
                "[--backend auto|pcap|turbo|turbo-zerocopy|turbo-xdp|turbo-copy] [--queues N] [--cpus C0,C1,...] [--rx-backend auto|pcap|turbo|xdp-count|tc-count] "
                "[--reflect off|l2|l3|l4]", 2);
  auto queues = args->number("--queues", 0, 0, 1024);
  if (!queues) return fail(queues.error().toString(), 2);
  const auto backendName = args->get("--backend");
  const auto backend = backendName ? rpc::backendFromName(*backendName) : std::nullopt;
  if (backendName && !backend)
    return fail("--backend: '" + *backendName + "' (allowed: " + rpc::kBackendChoices + ")", 2);
  const auto rxBackendName = args->get("--rx-backend");
  const auto rxBackend = rxBackendName ? rpc::rxBackendFromName(*rxBackendName) : std::nullopt;
  if (rxBackendName && !rxBackend)
    return fail("--rx-backend: '" + *rxBackendName + "' (allowed: " + rpc::kRxBackendChoices + ")", 2);
  const auto reflectName = args->get("--reflect");
  const auto reflect = reflectName ? rpc::reflectFromName(*reflectName) : std::nullopt;
  if (reflectName && !reflect) return fail("--reflect: '" + *reflectName + "' (allowed: " + rpc::kReflectChoices + ")", 2);
  std::vector<uint32_t> cpus;
  if (auto list = args->get("--cpus")) {
    std::stringstream in(*list);
    for (std::string item; std::getline(in, item, ',');) {
      if (item.empty() || item.find_first_not_of("0123456789") != std::string::npos || item.size() > 4)
        return fail("--cpus: '" + *list + "' is not a list of core numbers like 0,1", 2);
      cpus.push_back(static_cast<uint32_t>(std::stoul(item)));
    }
  }
  const std::string port = args->positional[0];
  auto lineRate = args->number("--line-rate", 0, 0, 1'000'000'000'000ull);
  if (!lineRate) return fail(lineRate.error().toString(), 2);
  const auto mode = args->get("--mode"), track = args->get("--track-rx");
  if (mode && *mode != "sequential" && *mode != "interleaved")
    return fail("--mode: '" + *mode + "' is not a transmit mode (allowed: sequential, interleaved)", 2);
  if (track && *track != "on" && *track != "off") return fail("--track-rx: '" + *track + "' (allowed: on, off)", 2);
  auto conn = connect(*args);
  if (!conn) return fail(conn.error().toString());
  client::DroneConnection& c = **conn;

  // Start from the port's current settings so options not given stay as they are.
  v1::ListPortsReply ports;
  auto listCtx = c.context();
  if (auto s = c.stub().ListPorts(listCtx.get(), {}, &ports); !s.ok()) return fail(client::describe(s, c.address().target));
  const v1::Port* current = nullptr;
  for (const auto& p : ports.ports())
    if (p.name() == port) current = &p;
  if (!current) return fail("port '" + port + "' not found on " + c.address().target + " (see: staccato-cli ports)");
  v1::ConfigurePortRequest req;
  req.set_port(port);
  req.set_client_id(client::DroneConnection::clientId());
  *req.mutable_config() = current->config();
  if (mode) req.mutable_config()->set_tx_mode(*mode == "interleaved" ? v1::PortConfig::INTERLEAVED : v1::PortConfig::SEQUENTIAL);
  if (track) req.mutable_config()->set_track_rx(*track == "on");
  if (args->get("--line-rate")) req.mutable_config()->set_line_rate_bps(static_cast<double>(*lineRate));
  if (backend) req.mutable_config()->set_backend(*backend);
  if (rxBackend) req.mutable_config()->set_rx_backend(*rxBackend);
  if (reflect) req.mutable_config()->set_reflect(*reflect);
  if (args->get("--queues")) req.mutable_config()->set_tx_queues(static_cast<uint32_t>(*queues));
  if (args->get("--cpus")) {
    req.mutable_config()->clear_cpus();
    for (uint32_t c : cpus) req.mutable_config()->add_cpus(c);
  }
  v1::ConfigurePortReply rep;
  auto ctx = c.context();
  if (auto s = c.stub().ConfigurePort(ctx.get(), req, &rep); !s.ok()) return fail(client::describe(s, c.address().target));
  printJson(std::cout, req.config());
  return 0;
}

int statsCommand(const std::vector<std::string>& argv) {
  auto args = parseDroneArgs(argv, {"--interval", "--latency-csv", "--latency-hgrm"}, {"--watch", "--json"});
  if (!args) return fail(args.error().toString(), 2);
  auto interval = args->number("--interval", 1000, 100, 3600000);
  if (!interval) return fail(interval.error().toString(), 2);
  auto conn = connect(*args);
  if (!conn) return fail(conn.error().toString());
  client::StatsReader reader(**conn, static_cast<uint32_t>(*interval), args->positional, wantsLatencyBuckets(*args));
  v1::StatsSnapshot snap;
  // Rates need two snapshots: show the second one (or every one after it with --watch).
  bool first = true;
  while (reader.next(snap)) {
    if (first && !args->has("--watch")) {
      first = false;
      continue;
    }
    if (args->has("--json")) {
      printJson(std::cout, snap);
    } else {
      if (args->has("--watch") && isatty(STDOUT_FILENO)) writeControl(std::cout, "\x1b[H\x1b[2J");
      printStatsTables(std::cout, snap);
    }
    std::cout.flush();
    // With --watch the files hold the latest snapshot.
    if (auto s = writeLatencyFiles(*args, {{(*conn)->address().target, snap}}); !s) {
      reader.cancel();
      return fail(s.error().toString());
    }
    if (!args->has("--watch")) {
      reader.cancel();
      break;
    }
  }
  auto s = reader.finish();
  if (!s.ok() && s.error_code() != grpc::StatusCode::CANCELLED) return fail(client::describe(s, (*conn)->address().target));
  return 0;
}

int portActionCommand(const std::string& action, const std::vector<std::string>& argv) {
  auto args = parseDroneArgs(argv, action == "start" ? std::set<std::string>{"--in", "--ramp"} : std::set<std::string>{},
                             {"--force"});
  if (!args) return fail(args.error().toString(), 2);
  if (args->positional.empty() && action != "clear") return fail("usage: staccato-cli " + action + " PORT...", 2);
  auto conn = connect(*args);
  if (!conn) return fail(conn.error().toString());
  auto ctx = (*conn)->context();
  grpc::Status s;
  const std::string me = client::DroneConnection::clientId();
  if (action == "start") {
    auto in = args->number("--in", 0, 0, 3'600'000);
    auto ramp = args->number("--ramp", 0, 0, 600'000);
    if (!in || !ramp) return fail((!in ? in.error() : ramp.error()).toString(), 2);
    return startPorts(**conn, args->positional, *in, static_cast<uint32_t>(*ramp));
  } else if (action == "stop") {
    v1::StopTxRequest r;
    for (auto& p : args->positional) r.add_ports(p);
    r.set_client_id(me);
    v1::StopTxReply rep;
    s = (*conn)->stub().StopTx(ctx.get(), r, &rep);
  } else if (action == "reserve") {
    v1::ReservePortRequest r;
    r.set_port(args->positional.at(0));
    r.set_client_id(me);
    v1::ReservePortReply rep;
    s = (*conn)->stub().ReservePort(ctx.get(), r, &rep);
  } else if (action == "release") {
    v1::ReleasePortRequest r;
    r.set_port(args->positional.at(0));
    r.set_client_id(me);
    r.set_force(args->has("--force"));
    v1::ReleasePortReply rep;
    s = (*conn)->stub().ReleasePort(ctx.get(), r, &rep);
  } else {
    v1::ClearStatsRequest r;
    for (auto& p : args->positional) r.add_ports(p);
    r.set_client_id(me);
    v1::ClearStatsReply rep;
    s = (*conn)->stub().ClearStats(ctx.get(), r, &rep);
  }
  if (!s.ok()) return fail(client::describe(s, (*conn)->address().target));
  return 0;
}

}  // namespace staccato::cli
