// staccato-cli ports | stats [--watch] | start | stop | clear: one RPC each, for scripting.
#include <unistd.h>

#include <iostream>

#include "client/cli/commands.h"
#include "client/cli/drone_options.h"
#include "client/cli/stats_format.h"

namespace staccato::cli {
namespace {

Result<Args> parseDroneArgs(const std::vector<std::string>& argv, std::set<std::string> values = {},
                            std::set<std::string> flags = {}) {
  return parseArgs(argv, withDroneOptions(std::move(values)), withDroneFlags(std::move(flags)));
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
  printPortTable(std::cout, rep);
  return 0;
}

int statsCommand(const std::vector<std::string>& argv) {
  auto args = parseDroneArgs(argv, {"--interval"}, {"--watch", "--json"});
  if (!args) return fail(args.error().toString(), 2);
  auto interval = args->number("--interval", 1000, 100, 3600000);
  if (!interval) return fail(interval.error().toString(), 2);
  auto conn = connect(*args);
  if (!conn) return fail(conn.error().toString());
  v1::WatchStatsRequest req;
  req.set_interval_ms(static_cast<uint32_t>(*interval));
  for (const auto& p : args->positional) req.add_ports(p);
  auto ctx = (*conn)->context(0);
  auto reader = (*conn)->stub().WatchStats(ctx.get(), req);
  v1::StatsSnapshot snap;
  // Rates need two snapshots: show the second one (or every one after it with --watch).
  bool first = true;
  while (reader->Read(&snap)) {
    if (first && !args->has("--watch")) {
      first = false;
      continue;
    }
    if (args->has("--json")) {
      printStatsJson(std::cout, snap);
    } else {
      if (args->has("--watch") && isatty(STDOUT_FILENO)) std::cout << "\x1b[H\x1b[2J";
      printStatsTables(std::cout, snap);
    }
    std::cout.flush();
    if (!args->has("--watch")) {
      ctx->TryCancel();
      break;
    }
  }
  auto s = reader->Finish();
  if (!s.ok() && s.error_code() != grpc::StatusCode::CANCELLED) return fail(client::describe(s, (*conn)->address().target));
  return 0;
}

int portActionCommand(const std::string& action, const std::vector<std::string>& argv) {
  auto args = parseDroneArgs(argv, {}, {"--force"});
  if (!args) return fail(args.error().toString(), 2);
  if (args->positional.empty() && action != "clear") return fail("usage: staccato-cli " + action + " PORT...", 2);
  auto conn = connect(*args);
  if (!conn) return fail(conn.error().toString());
  auto ctx = (*conn)->context();
  grpc::Status s;
  const std::string me = client::DroneConnection::clientId();
  if (action == "start") {
    v1::StartTxRequest r;
    for (auto& p : args->positional) r.add_ports(p);
    r.set_client_id(me);
    v1::StartTxReply rep;
    s = (*conn)->stub().StartTx(ctx.get(), r, &rep);
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
