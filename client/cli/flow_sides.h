#pragma once
/// One side of a flow run on a drone's port as the CLI drives it (flows run, benchmark rfc9411):
/// start it, read its numbers, stop it; a failure is printed and returns false.
#include <string>

#include "client/core/drone_connection.h"

namespace staccato::cli {

struct FlowSide {
  client::DroneConnection* drone = nullptr;
  std::string port;
  v1::FlowRole role = v1::FLOW_ROLE_UNSPECIFIED;
};

bool startFlowSide(const FlowSide& side, const v1::FlowProfile& profile, v1::StartFlowsReply& reply);
/// Ends the side's run (its hosts leave the wire); its numbers stay to be read.
void stopFlowSide(const FlowSide& side);
bool readFlowSide(const FlowSide& side, bool latencyBuckets, v1::PortFlows& out);

}  // namespace staccato::cli
