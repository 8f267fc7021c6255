#include "client/cli/flow_sides.h"

#include "client/cli/drone_call.h"

namespace staccato::cli {

bool startFlowSide(const FlowSide& side, const v1::FlowProfile& profile, v1::StartFlowsReply& reply) {
  v1::StartFlowsRequest req;
  req.set_port(side.port);
  req.set_role(side.role);
  *req.mutable_profile() = profile;
  req.set_client_id(client::DroneConnection::clientId());
  return callDrone(*side.drone, &v1::Drone::Stub::StartFlows, req, reply, kLongCallSeconds);
}

void stopFlowSide(const FlowSide& side) {
  v1::StopFlowsRequest req;
  req.set_port(side.port);
  req.set_client_id(client::DroneConnection::clientId());
  callDrone<v1::StopFlowsRequest, v1::StopFlowsReply>(*side.drone, &v1::Drone::Stub::StopFlows, req, kLongCallSeconds);
}

bool readFlowSide(const FlowSide& side, bool latencyBuckets, v1::PortFlows& out) {
  v1::FlowStatsRequest req;
  req.add_ports(side.port);
  req.set_latency_buckets(latencyBuckets);
  v1::FlowStatsReply rep;
  if (!callDrone(*side.drone, &v1::Drone::Stub::FlowStats, req, rep) || rep.ports_size() != 1) return false;
  out = rep.ports(0);
  return true;
}

}  // namespace staccato::cli
