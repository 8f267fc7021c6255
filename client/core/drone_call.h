#pragma once
/// Unary drone calls as every client makes them (the CLI's commands, the benchmark's trials): a
/// deadline, and a failure turned into an error that says what went wrong and the usual fix.
#include <string>

#include "client/core/drone_connection.h"
#include "common/core/result.h"

namespace staccato::client {

/// The usual deadline of a call.
inline constexpr double kCallSeconds = 10;
/// For calls that may carry or wait on a port's streams or the network (a big replay, a start
/// that resolves next hops, streams in parts).
inline constexpr double kLongCallSeconds = 60;

/// A failed call's error: describe()'s words, named by the drone, kUnavailable when the drone
/// could not be reached.
Error callError(const DroneConnection& d, const grpc::Status& s);

/// The drone refused a scheduled start because its time had passed, on arrival (the margin was
/// shorter than the round trip) or while the ports' transmit queues opened; nothing was sent and
/// a later start time works.
inline bool startWasLate(const Error& e) {
  const std::string text = e.toString();
  return text.find("start_time_ns: passed while") != std::string::npos ||
         text.find(" ms in the past by this drone's clock") != std::string::npos;
}

/// One unary call.
template <typename Req, typename Rep>
Status unaryCall(DroneConnection& d, grpc::Status (v1::Drone::Stub::*method)(grpc::ClientContext*, const Req&, Rep*),
                 const Req& req, Rep& rep, double deadlineSeconds = kCallSeconds) {
  auto ctx = d.context(deadlineSeconds);
  if (const grpc::Status s = (d.stub().*method)(ctx.get(), req, &rep); !s.ok()) return callError(d, s);
  return Ok{};
}

}  // namespace staccato::client
