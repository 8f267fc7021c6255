#pragma once
/// The drone's gRPC server: every call passes the edge guard (token, protocol version) before its
/// message is read; requests are at most rpc::kMaxRequestBytes; the server's threads and buffers
/// are bounded, so no client can make it allocate without limit.
#include <grpcpp/grpcpp.h>

#include <memory>
#include <optional>
#include <string>

#include "drone/service/edge_guard.h"

namespace staccato::drone {

struct ServerOptions {
  std::string listen;  ///< "ADDR:PORT" or "unix:PATH"
  EdgePolicy policy;
  std::optional<TlsIdentity> tls;
};

/// Most server threads (each call in progress holds one) and most memory for requests in flight.
inline constexpr int kMaxServerThreads = 64;
inline constexpr size_t kServerMemoryBytes = size_t{256} << 20;

/// Builds and starts the server for these services; `boundPort` gets the TCP port (0 on failure).
std::unique_ptr<grpc::Server> startServer(const std::vector<grpc::Service*>& services, const ServerOptions& options,
                                          int* boundPort);

}  // namespace staccato::drone
