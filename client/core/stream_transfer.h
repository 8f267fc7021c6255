#pragma once
/// A port's stream list to and from a drone, in parts (rpc/streams/stream_parts.h): every client
/// (CLI, GUI) sets and reads streams through these two calls.
#include <string>

#include "client/core/drone_connection.h"
#include "rpc/streams/stream_parts.h"

namespace staccato::client {

/// Replaces the streams of `port` (as DroneConnection::clientId(), for reservations).
grpc::Status putStreams(DroneConnection& drone, grpc::ClientContext& ctx, const std::string& port,
                        const rpc::Streams& streams);

/// The streams `port` holds.
grpc::Status fetchStreams(DroneConnection& drone, grpc::ClientContext& ctx, const std::string& port, rpc::Streams& out);

}  // namespace staccato::client
