#pragma once
/// The drone's gRPC server behind its front door (drone/edge/front_door.h): the drone accepts
/// connections itself, within caps sized from its descriptors, and hands gRPC those that speak.
/// Every call passes the edge guard (token, protocol version) before its message is read;
/// requests are at most rpc::kMaxRequestBytes; the server's threads and buffers are bounded, so
/// no client can make it allocate without limit. A TCP connection that has not authenticated
/// within edge::kAuthDeadline is ended. The standard health service (grpc.health.v1) answers
/// probes without a token, about the server as a whole only, reading nothing they send.
#include <grpcpp/grpcpp.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/core/result.h"
#include "drone/edge/fd_budget.h"
#include "drone/edge/front_door.h"
#include "drone/service/edge_guard.h"
#include "drone/service/health_service.h"

namespace staccato::drone {

struct ServerOptions {
  std::string listen;  ///< "ADDR:PORT" or "unix:PATH"
  EdgePolicy policy;
  std::optional<TlsIdentity> tls;
  edge::ConnectionLimitOptions connections;  ///< the defaults unless the command line says otherwise
};

/// Most server threads (each call in progress holds one) and most memory for requests in flight.
inline constexpr int kMaxServerThreads = 64;
inline constexpr size_t kServerMemoryBytes = size_t{256} << 20;
/// A connection that has not finished its TLS handshake or HTTP/2 preface by then is closed
/// (gRPC's default is 120 s).
inline constexpr int kHandshakeTimeoutMs = 10'000;
/// A connection without calls for this long is closed (GOAWAY; closed even if the client ignores it).
inline constexpr int kMaxConnectionIdleMs = 300'000;

class DroneServer {
 public:
  /// Listens on options.listen, starts gRPC for `services`, then the front door.
  static Result<std::unique_ptr<DroneServer>> start(const std::vector<grpc::Service*>& services,
                                                    const ServerOptions& options);
  ~DroneServer();  ///< shuts down at once if not done yet

  /// The front door stops first (a connection handed to gRPC after its shutdown would be
  /// neither served nor closed), then gRPC: calls in flight get until `deadline`.
  void shutdown(std::chrono::system_clock::time_point deadline);
  /// Returns once shut down.
  void wait();
  int port() const { return port_; }  ///< the TCP port; 0 for a unix socket
  const edge::ConnectionBudget& budget() const { return budget_; }
  edge::FrontDoorCounts counts() const { return door_->counts(); }
  int healthWatches() const { return health_->watches(); }

 private:
  DroneServer() = default;

  int port_ = 0;
  edge::ConnectionBudget budget_;
  std::unique_ptr<HealthService> health_;  ///< outlives the server: gRPC holds it
  std::unique_ptr<grpc::experimental::ExternalConnectionAcceptor> acceptor_;
  std::unique_ptr<grpc::Server> server_;
  std::unique_ptr<edge::FrontDoor> door_;  ///< last: stopped before the server goes
  std::atomic<edge::FrontDoor*> doorForCalls_{nullptr};  ///< door_, once set: what calls report to
};

}  // namespace staccato::drone
