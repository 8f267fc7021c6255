#include "client/core/benchmark_drone/drone_steps.h"

#include "client/core/drone_call.h"
#include "client/core/stats_reader.h"
#include "client/core/stream_transfer.h"

namespace staccato::bench {
namespace {

using client::unaryCall;
using client::kLongCallSeconds;

template <typename Req>
Req portsRequest(const std::vector<std::string>& ports) {
  Req req;
  for (const auto& p : ports) req.add_ports(p);
  req.set_client_id(client::DroneConnection::clientId());
  return req;
}

}  // namespace

Result<v1::ListPortsReply> listPorts(client::DroneConnection& d) {
  v1::ListPortsReply rep;
  if (auto s = unaryCall(d, &v1::Drone::Stub::ListPorts, v1::ListPortsRequest{}, rep); !s) return s.error();
  return rep;
}

Status configurePort(client::DroneConnection& d, const std::string& port, const v1::PortConfig& config) {
  v1::ConfigurePortRequest req;
  req.set_port(port);
  *req.mutable_config() = config;
  req.set_client_id(client::DroneConnection::clientId());
  v1::ConfigurePortReply rep;
  return unaryCall(d, &v1::Drone::Stub::ConfigurePort, req, rep, kLongCallSeconds);
}

Status loadStreams(client::DroneConnection& d, const std::string& port, const rpc::Streams& streams) {
  auto ctx = d.context(kLongCallSeconds);
  if (const grpc::Status s = client::putStreams(d, *ctx, port, streams); !s.ok()) return client::callError(d, s);
  return Ok{};
}

Status clearStats(client::DroneConnection& d, const std::vector<std::string>& ports) {
  v1::ClearStatsReply rep;
  return unaryCall(d, &v1::Drone::Stub::ClearStats, portsRequest<v1::ClearStatsRequest>(ports), rep);
}

Status resolveGateways(client::DroneConnection& d, const std::string& port) {
  v1::ResolveNeighborsRequest req;
  req.set_port(port);
  req.set_client_id(client::DroneConnection::clientId());
  v1::ResolveNeighborsReply rep;
  return unaryCall(d, &v1::Drone::Stub::ResolveNeighbors, req, rep, kLongCallSeconds);
}

Result<std::string> startPorts(client::DroneConnection& d, const std::vector<std::string>& ports, const PortStart& how) {
  auto req = portsRequest<v1::StartTxRequest>(ports);
  *req.mutable_run() = how.run;
  req.set_start_time_ns(how.atNs);
  req.set_ramp_ms(how.rampMs);
  req.set_lease_seconds(how.leaseSeconds);
  req.set_max_catch_up_us(how.maxCatchUpUs);
  v1::StartTxReply rep;
  if (auto s = unaryCall(d, &v1::Drone::Stub::StartTx, req, rep, kLongCallSeconds); !s) return s.error();
  return rep.lease_id();
}

Status renewLease(client::DroneConnection& d, const std::string& leaseId) {
  v1::RenewLeaseRequest req;
  req.set_lease_id(leaseId);
  v1::RenewLeaseReply rep;
  return unaryCall(d, &v1::Drone::Stub::RenewLease, req, rep);
}

Status stopPorts(client::DroneConnection& d, const std::vector<std::string>& ports) {
  v1::StopTxReply rep;
  return unaryCall(d, &v1::Drone::Stub::StopTx, portsRequest<v1::StopTxRequest>(ports), rep, kLongCallSeconds);
}

Result<v1::StatsSnapshot> readOnce(client::DroneConnection& d, const std::vector<std::string>& ports, bool latency) {
  // A new watcher gets its first snapshot at once, collected after it subscribed.
  client::StatsReader reader(d, 1000, ports, latency);
  v1::StatsSnapshot snap;
  if (!reader.next(snap)) return client::callError(d, reader.finish());
  return snap;
}

Error portError(const std::string& port, const std::string& drone, const Error& e, const std::string& doing) {
  return makeError(port + "@" + drone, (doing.empty() ? "" : doing + ": ") + e.message, e.kind);
}

}  // namespace staccato::bench
