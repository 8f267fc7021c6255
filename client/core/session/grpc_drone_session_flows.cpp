// GrpcDroneSession's flow calls (docs/flows.md): StartFlows, StopFlows and FlowStats on the call
// thread like every call, their replies delivered on the session's thread.
#include <memory>

#include "client/core/drone_call.h"
#include "client/core/session/grpc_drone_session.h"

namespace staccato::client {

void GrpcDroneSession::startFlows(v1::StartFlowsRequest request, FlowsStarted done) {
  request.set_client_id(DroneConnection::clientId());
  auto reply = std::make_shared<v1::StartFlowsReply>();
  const QString what = (request.role() == v1::FLOW_SERVER ? "StartFlows (servers) " : "StartFlows (clients) ") +
                       QString::fromStdString(request.port());
  call(
      what,
      [request = std::move(request), reply](DroneConnection& c, grpc::ClientContext& ctx) {
        return c.stub().StartFlows(&ctx, request, reply.get());
      },
      false,
      [reply, done = std::move(done)](const Status& s) {
        if (!done) return;
        if (!s) return done(s.error());
        done(*reply);
      },
      kLongCallSeconds);  // the side's hosts are made first
}

void GrpcDroneSession::stopFlows(const std::string& port, Done done) {
  v1::StopFlowsRequest req;
  req.set_port(port);
  req.set_client_id(DroneConnection::clientId());
  call(
      "StopFlows " + QString::fromStdString(port),
      [req = std::move(req)](DroneConnection& c, grpc::ClientContext& ctx) {
        v1::StopFlowsReply rep;
        return c.stub().StopFlows(&ctx, req, &rep);
      },
      false, std::move(done), kLongCallSeconds);  // its hosts are removed
}

void GrpcDroneSession::flowStats(std::vector<std::string> ports, bool buckets, FlowStatsDone done) {
  v1::FlowStatsRequest req;
  for (const auto& p : ports) req.add_ports(p);
  req.set_latency_buckets(buckets);
  auto reply = std::make_shared<v1::FlowStatsReply>();
  call(
      "FlowStats " + portListText(ports),
      [req = std::move(req), reply](DroneConnection& c, grpc::ClientContext& ctx) {
        return c.stub().FlowStats(&ctx, req, reply.get());
      },
      false, [reply, done = std::move(done)](const Status& s) {
        if (!done) return;
        if (!s) return done(s.error());
        done(std::vector<v1::PortFlows>(reply->ports().begin(), reply->ports().end()));
      });
}

}  // namespace staccato::client
