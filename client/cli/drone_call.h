#pragma once
/// Unary drone calls as the CLI's commands make them.
#include <iostream>
#include <string>

#include "client/core/drone_connection.h"

namespace staccato::cli {

/// For calls that may carry or wait on a port's streams (a big replay, a start that resolves
/// next hops): more than the usual 10 s.
inline constexpr double kLongCallSeconds = 60;

/// One unary call; on failure prints "staccato-cli: <what went wrong and the usual fix>" and
/// returns false.
template <typename Req, typename Rep>
bool callDrone(client::DroneConnection& d, grpc::Status (v1::Drone::Stub::*method)(grpc::ClientContext*, const Req&, Rep*),
               const Req& req, Rep& rep, double deadlineSeconds = 10) {
  auto ctx = d.context(deadlineSeconds);
  const grpc::Status s = (d.stub().*method)(ctx.get(), req, &rep);
  if (!s.ok()) std::cerr << "staccato-cli: " << client::describe(s, d.address().target) << "\n";
  return s.ok();
}

/// The same for calls whose reply says nothing.
template <typename Req, typename Rep>
bool callDrone(client::DroneConnection& d, grpc::Status (v1::Drone::Stub::*method)(grpc::ClientContext*, const Req&, Rep*),
               const Req& req, double deadlineSeconds = 10) {
  Rep rep;
  return callDrone(d, method, req, rep, deadlineSeconds);
}

/// The streams `port` holds on the drone.
Result<google::protobuf::RepeatedPtrField<v1::Stream>> fetchStreams(client::DroneConnection& d, const std::string& port);

/// Replaces `port`'s streams; on failure prints why (as callDrone) and returns false.
bool setStreams(client::DroneConnection& d, const std::string& port, const google::protobuf::RepeatedPtrField<v1::Stream>& streams,
                double deadlineSeconds = 60);

}  // namespace staccato::cli
