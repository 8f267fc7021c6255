#include "client/core/session/drone_watcher.h"

#include <algorithm>

#include "client/core/session/backoff.h"
#include "client/core/stats_reader.h"

namespace staccato::client {
namespace {
constexpr unsigned kMinIntervalMs = 100;  // the drone refuses shorter intervals
}

DroneWatcher::DroneWatcher(DroneAddress address, unsigned intervalMs, Events events)
    : address_(std::move(address)), intervalMs_(intervalMs), events_(std::move(events)), thread_([this] { run(); }) {}

DroneWatcher::~DroneWatcher() {
  cancel_.stop();
  if (thread_.joinable()) thread_.join();
}

void DroneWatcher::run() {
  Backoff backoff;
  while (!cancel_.stopped()) {
    bool connected = false;
    std::string why = attempt(connected);
    if (cancel_.stopped()) return;
    if (connected) backoff.reset();
    const auto delay = backoff.next();
    events_.failed(std::move(why), connected, delay);
    if (!cancel_.sleepFor(delay)) return;
  }
}

std::string DroneWatcher::attempt(bool& connected) {
  auto opened = DroneConnection::open(address_);
  if (!opened) return opened.error().toString();
  std::shared_ptr<DroneConnection> conn = std::move(opened).value();
  events_.channel(conn);

  // Runs one unary call with a cancellable context; "" when it succeeded.
  auto unary = [&](auto rpc) -> std::string {
    auto ctx = conn->context();
    if (!cancel_.attach(ctx.get())) return "stopped";
    const grpc::Status s = rpc(*ctx);
    cancel_.detach();
    return s.ok() ? "" : describe(s, address_.target);
  };
  v1::GetVersionRequest versionReq;
  versionReq.set_client_major(kClientProtocolMajor);
  versionReq.set_client_minor(kClientProtocolMinor);
  v1::GetVersionReply version;
  if (auto e = unary([&](grpc::ClientContext& c) { return conn->stub().GetVersion(&c, versionReq, &version); }); !e.empty())
    return e;
  v1::ListPortsReply ports;
  if (auto e = unary([&](grpc::ClientContext& c) { return conn->stub().ListPorts(&c, {}, &ports); }); !e.empty())
    return e;

  // The charts draw the selected stream's latency histogram: ask for the buckets.
  StatsReader reader(*conn, intervalMs_ == 0 ? 0 : std::max(intervalMs_, kMinIntervalMs), {}, true);
  if (!cancel_.attach(reader.context())) return "stopped";
  v1::StatsSnapshot snapshot;
  while (reader.next(snapshot)) {
    if (!connected) {
      connected = true;
      events_.connected(std::move(version), {ports.ports().begin(), ports.ports().end()});
    }
    events_.snapshot(std::move(snapshot));
    snapshot.Clear();
  }
  const grpc::Status s = reader.finish();
  cancel_.detach();
  if (s.ok()) return "the drone at " + address_.target + " ended the stats stream";
  return describe(s, address_.target);
}

}  // namespace staccato::client
