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

}  // namespace

int runCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, withDroneOptions({"--tx", "--rx", "--duration"}), withDroneFlags({"--json"}));
  if (!args) return fail(args.error().toString(), 2);
  if (args->positional.size() != 1 || !args->get("--tx"))
    return fail("usage: staccato-cli run STREAM_FILE --tx PORT [--rx PORT] [--duration SECONDS] [--json]", 2);
  auto duration = args->number("--duration", 0, 0, 86400 * 365);
  if (!duration) return fail(duration.error().toString(), 2);
  const std::string tx = *args->get("--tx"), rx = args->get("--rx").value_or("");

  auto file = loadStreamFile(args->positional[0]);
  if (!file) return fail(file.error().toString());
  if (auto plans = compileAll(file->streams()); !plans) return fail(args->positional[0] + ": " + plans.error().toString());

  auto conn = connect(*args);
  if (!conn) return fail(conn.error().toString());
  client::DroneConnection& c = **conn;
  const std::string me = client::DroneConnection::clientId();
  auto call = [&](auto method, const auto& req, auto& rep) -> bool {
    auto ctx = c.context();
    grpc::Status s = (c.stub().*method)(ctx.get(), req, &rep);
    if (!s.ok()) std::cerr << "staccato-cli: " << client::describe(s, c.address().target) << "\n";
    return s.ok();
  };

  v1::SetStreamsRequest set;
  set.set_port(tx);
  set.set_client_id(me);
  *set.mutable_streams() = file->streams();
  v1::SetStreamsReply setRep;
  if (!call(&v1::Drone::Stub::SetStreams, set, setRep)) return 1;
  v1::ClearStatsRequest clear;
  clear.add_ports(tx);
  if (!rx.empty() && rx != tx) clear.add_ports(rx);
  clear.set_client_id(me);
  v1::ClearStatsReply clearRep;
  if (!call(&v1::Drone::Stub::ClearStats, clear, clearRep)) return 1;

  Watch watch(c, kWatchIntervalMs);
  v1::StatsSnapshot snap;
  if (!watch.next(snap)) return fail("lost the stats stream from the drone");
  v1::StartTxRequest start;
  start.add_ports(tx);
  start.set_client_id(me);
  v1::StartTxReply startRep;
  if (!call(&v1::Drone::Stub::StartTx, start, startRep)) return 1;

  const auto began = std::chrono::steady_clock::now();
  const bool tty = isatty(STDERR_FILENO) && !args->has("--json");
  bool sawTransmitting = true;  // StartTx returned: the worker runs until it reports otherwise
  while (watch.next(snap)) {
    if (tty) std::cerr << "\r\x1b[K" << progressLine(snap, tx, rx) << std::flush;
    sawTransmitting = portTransmitting(snap, tx);
    if (!sawTransmitting) break;
    if (*duration && std::chrono::steady_clock::now() - began >= std::chrono::seconds(*duration)) break;
  }
  if (tty) std::cerr << "\n";
  v1::StopTxRequest stop;
  stop.add_ports(tx);
  stop.set_client_id(me);
  v1::StopTxReply stopRep;
  if (!call(&v1::Drone::Stub::StopTx, stop, stopRep)) return 1;
  std::this_thread::sleep_for(kDrainTime);
  watch.next(snap);  // one more after the drain
  if (!watch.next(snap)) return fail("lost the stats stream from the drone");

  if (args->has("--json"))
    printStatsJson(std::cout, snap);
  else
    printStatsTables(std::cout, snap);
  if (std::string e = portError(snap, tx); !e.empty()) return fail("port " + tx + ": " + e);
  return 0;
}

}  // namespace staccato::cli
