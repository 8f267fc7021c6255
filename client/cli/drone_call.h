#pragma once
/// Unary drone calls as the CLI's commands make them: client/core's unaryCall, a failure printed.
#include <iostream>
#include <string>

#include "client/core/drone_call.h"

namespace staccato::cli {

using client::kLongCallSeconds;

/// Prints "staccato-cli: <what went wrong and the usual fix>".
void printCallError(const Error& e);

/// One unary call; on failure prints why and returns false.
template <typename Req, typename Rep>
bool callDrone(client::DroneConnection& d, grpc::Status (v1::Drone::Stub::*method)(grpc::ClientContext*, const Req&, Rep*),
               const Req& req, Rep& rep, double deadlineSeconds = client::kCallSeconds) {
  const Status s = client::unaryCall(d, method, req, rep, deadlineSeconds);
  if (!s) printCallError(s.error());
  return bool(s);
}

/// The same for calls whose reply says nothing.
template <typename Req, typename Rep>
bool callDrone(client::DroneConnection& d, grpc::Status (v1::Drone::Stub::*method)(grpc::ClientContext*, const Req&, Rep*),
               const Req& req, double deadlineSeconds = client::kCallSeconds) {
  Rep rep;
  return callDrone(d, method, req, rep, deadlineSeconds);
}

/// The streams `port` holds on the drone.
Result<google::protobuf::RepeatedPtrField<v1::Stream>> fetchStreams(client::DroneConnection& d, const std::string& port);

/// Replaces `port`'s streams; on failure prints why (as callDrone) and returns false.
bool setStreams(client::DroneConnection& d, const std::string& port, const google::protobuf::RepeatedPtrField<v1::Stream>& streams,
                double deadlineSeconds = kLongCallSeconds);

}  // namespace staccato::cli
