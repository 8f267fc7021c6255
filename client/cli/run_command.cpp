// staccato-cli run: load streams on a port, send, watch, stop, report.
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <thread>

#include "client/cli/commands.h"
#include "client/cli/drone_call.h"
#include "client/cli/safe_output.h"
#include "client/cli/drone_options.h"
#include "client/cli/stats_format.h"
#include "client/cli/run_guard.h"
#include "client/cli/run_report.h"
#include "client/cli/session_run.h"
#include "client/cli/stats_watch.h"
#include "client/core/files/session_file.h"
#include "common/files/stream_file.h"
#include "common/stream/compiler.h"
#include "rpc/message_limits.h"

namespace staccato::cli {
namespace {

/// With the receive port on another drone: adds that drone's row of `rxPort` and fills the
/// receive side of each stream row from it. Latency then compares two hosts' clocks, and the
/// rows say so (same_clock = false).
void mergeRemoteRx(v1::StatsSnapshot& snap, const v1::StatsSnapshot& remote, const std::string& rxPort) {
  for (const auto& p : remote.ports())
    if (p.port() == rxPort) *snap.add_ports() = p;
  for (const auto& r : remote.streams()) {
    if (r.rx_port() != rxPort) continue;
    v1::StreamStats* row = nullptr;
    for (auto& s : *snap.mutable_streams())
      if (s.stream_id() == r.stream_id() && s.rx_port().empty()) row = &s;
    if (!row) {
      row = snap.add_streams();
      row->set_stream_id(r.stream_id());
    }
    const std::string txPort = row->tx_port();
    const uint64_t txPackets = row->tx_packets(), txBytes = row->tx_bytes();
    *row = r;
    row->set_tx_port(txPort);
    row->set_tx_packets(txPackets);
    row->set_tx_bytes(txBytes);
    row->set_same_clock(false);
  }
}

}  // namespace

int runCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, withDroneOptions({"--tx", "--rx", "--rx-drone", "--duration", "--map", "--junit", "--lease"}),
                        withDroneFlags({"--json", "--check"}));
  if (!args) return fail(args.error().toString(), 2);
  auto duration = args->number("--duration", 0, 0, 86400 * 365);
  if (!duration) return fail(duration.error().toString(), 2);
  auto lease = args->number("--lease", kDefaultLeaseSeconds, 0, rpc::kMaxLeaseSeconds);
  if (!lease) return fail(lease.error().toString(), 2);
  if (args->positional.size() == 1) {
    auto text = readTextFile(args->positional[0]);
    if (!text) return fail(text.error().toString());
    if (client::looksLikeSessionFile(*text)) {
      if (args->get("--tx") || args->get("--rx")) return fail("a session file says which ports send; --tx/--rx are for stream files (use --map to move ports)", 2);
      return runSession(*args, args->positional[0], *duration, static_cast<uint32_t>(*lease));
    }
  }
  if (args->positional.size() != 1 || !args->get("--tx"))
    return fail("usage: staccato-cli run STREAM_FILE --tx PORT [--rx PORT [--rx-drone HOST:PORT]] [--duration SECONDS] [--lease SECONDS] [--json] [--junit FILE] [--check]\n"
                "       staccato-cli run SESSION_FILE [--map RULE]... [--duration SECONDS] [--lease SECONDS] [--json] [--junit FILE] [--check]", 2);
  if (args->get("--map")) return fail("--map is for session files; a stream file runs on --tx PORT", 2);
  if (args->get("--rx-drone") && !args->get("--rx")) return fail("--rx-drone needs --rx PORT (a port of that drone)", 2);
  const std::string tx = *args->get("--tx"), rx = args->get("--rx").value_or("");

  auto file = loadStreamFile(args->positional[0]);
  if (!file) return fail(file.error().toString());
  if (auto plans = compileAll(file->streams()); !plans) return fail(args->positional[0] + ": " + plans.error().toString());

  auto conn = connect(*args);
  if (!conn) return fail(conn.error().toString());
  client::DroneConnection& c = **conn;
  // The receive port's drone when it is not the sending one (same token and TLS options).
  std::unique_ptr<client::DroneConnection> remote;
  if (auto target = args->get("--rx-drone")) {
    Args rxArgs = *args;
    rxArgs.options["--drone"] = *target;
    auto r = connect(rxArgs);
    if (!r) return fail("--rx-drone: " + r.error().toString());
    remote = std::move(r).value();
  }
  const std::string me = client::DroneConnection::clientId();
  auto clearStats = [&](client::DroneConnection& d, std::vector<std::string> ports) {
    v1::ClearStatsRequest req;
    for (auto& p : ports) req.add_ports(p);
    req.set_client_id(me);
    v1::ClearStatsReply rep;
    return callDrone(d, &v1::Drone::Stub::ClearStats, req, rep);
  };

  if (!setStreams(c, tx, file->streams())) return 1;
  if (remote) {
    if (!clearStats(c, {tx}) || !clearStats(*remote, {rx})) return 1;
  } else if (!clearStats(c, rx.empty() || rx == tx ? std::vector{tx} : std::vector{tx, rx})) {
    return 1;
  }

  Watch watch(c, kWatchIntervalMs);
  std::unique_ptr<Watch> remoteWatch = remote ? std::make_unique<Watch>(*remote, kWatchIntervalMs) : nullptr;
  v1::StatsSnapshot snap, remoteSnap;
  if (!watch.next(snap) || (remoteWatch && !remoteWatch->next(remoteSnap))) return fail("lost the stats stream from the drone");
  RunGuard guard(static_cast<uint32_t>(*lease));
  v1::StartTxRequest start;
  start.add_ports(tx);
  start.set_client_id(me);
  start.set_lease_seconds(guard.leaseSeconds());
  v1::StartTxReply startRep;
  if (!callDrone(c, &v1::Drone::Stub::StartTx, start, startRep)) return 1;
  guard.leased(c, startRep.lease_id());

  const auto began = std::chrono::steady_clock::now();
  const bool tty = isatty(STDERR_FILENO) && !args->has("--json");
  bool stoppedEarly = false;
  while (watch.next(snap)) {
    if (remoteWatch && remoteWatch->next(remoteSnap)) mergeRemoteRx(snap, remoteSnap, rx);
    if (tty) {
      writeControl(std::cerr, "\r\x1b[K");
      std::cerr << progressLine(snap, tx, rx) << std::flush;
    }
    if (!portTransmitting(snap, tx)) break;  // StartTx returned: the worker runs until it says otherwise
    if (RunGuard::stopSignal() || !guard.renewDue() ||
        (*duration && std::chrono::steady_clock::now() - began >= std::chrono::seconds(*duration))) {
      stoppedEarly = true;
      break;
    }
  }
  if (tty) std::cerr << "\n";
  v1::StopTxRequest stop;
  stop.add_ports(tx);
  stop.set_client_id(me);
  v1::StopTxReply stopRep;
  if (!callDrone(c, &v1::Drone::Stub::StopTx, stop, stopRep)) return 1;
  const auto giveUp = std::chrono::steady_clock::now() + kMaxDrainTime;
  std::this_thread::sleep_for(kDrainTime);
  if (!watch.settled(snap, giveUp)) return fail("lost the stats stream from the drone");
  if (remoteWatch) {
    if (!remoteWatch->settled(remoteSnap, giveUp)) return fail("lost the stats stream from the receiving drone");
    mergeRemoteRx(snap, remoteSnap, rx);
  }

  RunOutcome outcome;
  outcome.stoppedEarly = stoppedEarly;
  outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  outcome.snapshots.emplace_back(c.address().target, snap);
  outcome.ports.push_back({c.address().target, tx, {file->streams().begin(), file->streams().end()}});
  return guard.exitCode(report(*args, outcome), {tx});
}

}  // namespace staccato::cli
