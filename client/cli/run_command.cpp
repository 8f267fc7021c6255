// staccato-cli run: load streams on a port, send, watch, stop, report.
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <thread>

#include "client/cli/commands.h"
#include "client/cli/drone_options.h"
#include "client/cli/stats_format.h"
#include "common/files/stream_file.h"
#include "common/stream/compiler.h"

namespace staccato::cli {
namespace {

constexpr uint32_t kWatchIntervalMs = 200;
constexpr auto kDrainTime = std::chrono::milliseconds(500);  // frames still in flight after the last send

/// Reads snapshots until `done` says stop; returns the last one.
class Watch {
 public:
  Watch(client::DroneConnection& conn, uint32_t intervalMs) : ctx_(conn.context(0)) {
    v1::WatchStatsRequest req;
    req.set_interval_ms(intervalMs);
    reader_ = conn.stub().WatchStats(ctx_.get(), req);
  }
  ~Watch() { ctx_->TryCancel(); reader_->Finish(); }
  bool next(v1::StatsSnapshot& snap) { return reader_->Read(&snap); }
  /// Skips snapshots that queued up while we were not reading: returns the first one the drone
  /// took after this call (one we had to wait for).
  bool fresh(v1::StatsSnapshot& snap) {
    for (int i = 0; i < 100; ++i) {
      const auto t0 = std::chrono::steady_clock::now();
      if (!next(snap)) return false;
      if (std::chrono::steady_clock::now() - t0 > std::chrono::milliseconds(kWatchIntervalMs / 4)) return true;
    }
    return true;
  }

 private:
  std::unique_ptr<grpc::ClientContext> ctx_;
  std::unique_ptr<grpc::ClientReader<v1::StatsSnapshot>> reader_;
};

bool portTransmitting(const v1::StatsSnapshot& snap, const std::string& port) {
  for (const auto& p : snap.ports())
    if (p.port() == port) return p.transmitting();
  return false;
}

std::string portError(const v1::StatsSnapshot& snap, const std::string& port) {
  for (const auto& p : snap.ports())
    if (p.port() == port) return p.error();
  return "";
}

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
  auto args = parseArgs(argv, withDroneOptions({"--tx", "--rx", "--rx-drone", "--duration"}), withDroneFlags({"--json"}));
  if (!args) return fail(args.error().toString(), 2);
  if (args->positional.size() != 1 || !args->get("--tx"))
    return fail("usage: staccato-cli run STREAM_FILE --tx PORT [--rx PORT [--rx-drone HOST:PORT]] [--duration SECONDS] [--json]", 2);
  if (args->get("--rx-drone") && !args->get("--rx")) return fail("--rx-drone needs --rx PORT (a port of that drone)", 2);
  auto duration = args->number("--duration", 0, 0, 86400 * 365);
  if (!duration) return fail(duration.error().toString(), 2);
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
  auto call = [&](client::DroneConnection& d, auto method, const auto& req, auto& rep) -> bool {
    auto ctx = d.context();
    grpc::Status s = (d.stub().*method)(ctx.get(), req, &rep);
    if (!s.ok()) std::cerr << "staccato-cli: " << client::describe(s, d.address().target) << "\n";
    return s.ok();
  };
  auto clearStats = [&](client::DroneConnection& d, std::vector<std::string> ports) {
    v1::ClearStatsRequest req;
    for (auto& p : ports) req.add_ports(p);
    req.set_client_id(me);
    v1::ClearStatsReply rep;
    return call(d, &v1::Drone::Stub::ClearStats, req, rep);
  };

  v1::SetStreamsRequest set;
  set.set_port(tx);
  set.set_client_id(me);
  *set.mutable_streams() = file->streams();
  v1::SetStreamsReply setRep;
  if (!call(c, &v1::Drone::Stub::SetStreams, set, setRep)) return 1;
  if (remote) {
    if (!clearStats(c, {tx}) || !clearStats(*remote, {rx})) return 1;
  } else if (!clearStats(c, rx.empty() || rx == tx ? std::vector{tx} : std::vector{tx, rx})) {
    return 1;
  }

  Watch watch(c, kWatchIntervalMs);
  std::unique_ptr<Watch> remoteWatch = remote ? std::make_unique<Watch>(*remote, kWatchIntervalMs) : nullptr;
  v1::StatsSnapshot snap, remoteSnap;
  if (!watch.next(snap) || (remoteWatch && !remoteWatch->next(remoteSnap))) return fail("lost the stats stream from the drone");
  v1::StartTxRequest start;
  start.add_ports(tx);
  start.set_client_id(me);
  v1::StartTxReply startRep;
  if (!call(c, &v1::Drone::Stub::StartTx, start, startRep)) return 1;

  const auto began = std::chrono::steady_clock::now();
  const bool tty = isatty(STDERR_FILENO) && !args->has("--json");
  while (watch.next(snap)) {
    if (remoteWatch && remoteWatch->next(remoteSnap)) mergeRemoteRx(snap, remoteSnap, rx);
    if (tty) std::cerr << "\r\x1b[K" << progressLine(snap, tx, rx) << std::flush;
    if (!portTransmitting(snap, tx)) break;  // StartTx returned: the worker runs until it says otherwise
    if (*duration && std::chrono::steady_clock::now() - began >= std::chrono::seconds(*duration)) break;
  }
  if (tty) std::cerr << "\n";
  v1::StopTxRequest stop;
  stop.add_ports(tx);
  stop.set_client_id(me);
  v1::StopTxReply stopRep;
  if (!call(c, &v1::Drone::Stub::StopTx, stop, stopRep)) return 1;
  std::this_thread::sleep_for(kDrainTime);
  if (!watch.fresh(snap)) return fail("lost the stats stream from the drone");
  if (remoteWatch) {
    if (!remoteWatch->fresh(remoteSnap)) return fail("lost the stats stream from the receiving drone");
    mergeRemoteRx(snap, remoteSnap, rx);
  }

  if (args->has("--json"))
    printJson(std::cout, snap);
  else
    printStatsTables(std::cout, snap);
  if (std::string e = portError(snap, tx); !e.empty()) return fail("port " + tx + ": " + e);
  return 0;
}

}  // namespace staccato::cli
