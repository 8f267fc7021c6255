// staccato-cli run: load streams on a port, send, watch, stop, report.
#include "client/cli/commands.h"
#include "client/cli/drone_call.h"
#include "client/cli/drone_options.h"
#include "client/cli/run_guard.h"
#include "client/cli/run_loop.h"
#include "client/cli/session_run.h"
#include "client/cli/start_plan.h"
#include "client/core/files/session_file.h"
#include "common/files/stream_file.h"
#include "common/stream/compiler.h"
#include "rpc/message_limits.h"

namespace staccato::cli {

int runCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv,
                        withStartOptions(withDroneOptions({"--tx", "--rx", "--rx-drone", "--duration", "--map", "--junit",
                                                           "--lease", "--latency-csv", "--latency-hgrm"})),
                        withStartFlags(withDroneFlags({"--json", "--check"})));
  if (!args) return fail(args.error().toString(), 2);
  auto duration = args->number("--duration", 0, 0, 86400 * 365);
  if (!duration) return fail(duration.error().toString(), 2);
  auto lease = args->number("--lease", kDefaultLeaseSeconds, 0, rpc::kMaxLeaseSeconds);
  if (!lease) return fail(lease.error().toString(), 2);
  const RunLimits limits{*duration, static_cast<uint32_t>(*lease)};
  if (args->positional.size() == 1) {
    auto text = readTextFile(args->positional[0]);
    if (!text) return fail(text.error().toString());
    if (client::looksLikeSessionFile(*text)) {
      if (args->get("--tx") || args->get("--rx")) return fail("a session file says which ports send; --tx/--rx are for stream files (use --map to move ports)", 2);
      return runSession(*args, args->positional[0], limits);
    }
  }
  if (args->positional.size() != 1 || !args->get("--tx"))
    return fail("usage: staccato-cli run STREAM_FILE --tx PORT [--rx PORT [--rx-drone HOST:PORT]] [--duration SECONDS] [--lease SECONDS] [--json] [--junit FILE] [--check] [--latency-csv FILE] [--latency-hgrm FILE]\n"
                "       staccato-cli run SESSION_FILE [--map RULE]... [--duration SECONDS] [--lease SECONDS] [--json] [--junit FILE] [--check] [--latency-csv FILE] [--latency-hgrm FILE]", 2);
  if (args->get("--map")) return fail("--map is for session files; a stream file runs on --tx PORT", 2);
  if (args->get("--rx-drone") && !args->get("--rx")) return fail("--rx-drone needs --rx PORT (a port of that drone)", 2);
  const std::string tx = *args->get("--tx"), rx = args->get("--rx").value_or("");

  auto file = loadStreamFile(args->positional[0]);
  if (!file) return fail(file.error().toString());
  if (auto plans = compileAll(file->streams()); !plans) return fail(args->positional[0] + ": " + plans.error().toString());

  std::vector<RunDrone> drones(1);
  auto conn = connect(*args);
  if (!conn) return fail(conn.error().toString());
  drones[0].conn = std::move(conn).value();
  drones[0].address = drones[0].conn->address().target;
  drones[0].sending = {tx};
  // The receive port's drone when it is not the sending one (typed by the user: the same
  // --token-file and TLS options, unless --token-file ADDRESS=FILE names its own).
  if (auto target = args->get("--rx-drone")) {
    auto r = connectTo(*args, *target, args->has("--tls"), true);
    if (!r) return fail("--rx-drone: " + r.error().toString());
    RunDrone& receiver = drones.emplace_back();
    receiver.conn = std::move(r).value();
    receiver.address = receiver.conn->address().target;
    receiver.rxPort = rx;
  } else {
    drones[0].rxPort = rx;
  }
  const std::string me = client::DroneConnection::clientId();
  auto clearStats = [&](client::DroneConnection& d, std::vector<std::string> ports) {
    v1::ClearStatsRequest req;
    for (auto& p : ports) req.add_ports(p);
    req.set_client_id(me);
    return callDrone(d, &v1::Drone::Stub::ClearStats, req);
  };
  if (!setStreams(*drones[0].conn, tx, file->streams())) return 1;
  if (drones.size() > 1) {
    if (!clearStats(*drones[0].conn, {tx}) || !clearStats(*drones[1].conn, {rx})) return 1;
  } else if (!clearStats(*drones[0].conn, rx.empty() || rx == tx ? std::vector{tx} : std::vector{tx, rx})) {
    return 1;
  }
  std::vector<PortRun> ports = {{drones[0].address, tx, {file->streams().begin(), file->streams().end()}}};
  return runDrones(*args, drones, limits, std::move(ports), true);
}

}  // namespace staccato::cli
