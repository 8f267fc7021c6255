#include "drone/service/drone_server.h"

#include <grpcpp/health_check_service_interface.h>
#include <grpcpp/resource_quota.h>

#include "rpc/drone_address.h"
#include "rpc/message_limits.h"

namespace staccato::drone {

Result<std::unique_ptr<DroneServer>> DroneServer::start(const std::vector<grpc::Service*>& services,
                                                        const ServerOptions& options) {
  auto listeners = rpc::isUnixAddress(options.listen) ? edge::listenUnix(rpc::unixAddressPath(options.listen))
                                                      : edge::listenTcp(options.listen);
  if (!listeners) return listeners.error();
  auto budget = edge::sizeConnections(edge::fdLimit(), edge::openFdCount(), options.connections);
  if (!budget) return budget.error();
  // A unix socket's peers share one key (they are this host's users, let in by the socket's mode):
  // only the total applies.
  if (listeners->local) budget->caps.perPeer = budget->caps.total;

  std::unique_ptr<DroneServer> s(new DroneServer);
  s->port_ = listeners->port;
  s->budget_ = *budget;
  // grpc.health.v1 (gRPC's own implementation): "" is SERVING while the server runs and
  // NOT_SERVING once it shuts down; any other service name is NOT_FOUND, so a caller without a
  // token (the edge guard lets its Check and Watch through) learns nothing but that.
  grpc::EnableDefaultHealthCheckService(true);
  grpc::ServerBuilder builder;
  s->acceptor_ = builder.experimental().AddExternalConnectionAcceptor(
      grpc::ServerBuilder::experimental_type::ExternalConnectionType::FROM_FD,
      guardedCredentials(options.policy, options.tls));
  for (grpc::Service* service : services) builder.RegisterService(service);
  builder.SetMaxReceiveMessageSize(rpc::kMaxRequestBytes);
  builder.SetMaxSendMessageSize(rpc::kMaxReplyBytes);
  grpc::ResourceQuota quota("staccato-drone");
  quota.Resize(kServerMemoryBytes);
  quota.SetMaxThreads(kMaxServerThreads);
  builder.SetResourceQuota(quota);
  builder.AddChannelArgument(GRPC_ARG_SERVER_HANDSHAKE_TIMEOUT_MS, kHandshakeTimeoutMs);
  builder.AddChannelArgument(GRPC_ARG_MAX_CONNECTION_IDLE_MS, kMaxConnectionIdleMs);
  // Dead clients (a crashed CLI, a lost network) are noticed within about 30 s, with calls or
  // without (no MAX_CONNECTION_AGE: it would end long watches too).
  builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_TIME_MS, 20'000);
  builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_TIMEOUT_MS, 10'000);
  builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_PERMIT_WITHOUT_CALLS, 1);
  builder.AddChannelArgument(GRPC_ARG_MAX_CONCURRENT_STREAMS, 100);
  s->server_ = builder.BuildAndStart();
  if (!s->server_) return makeError(options.listen, "the gRPC server did not start", ErrorKind::kInternal);
  const int listenerFd = listeners->fds.front().get();  // only informative for gRPC
  s->door_ = std::make_unique<edge::FrontDoor>(
      std::move(listeners).value(),
      edge::FrontDoorOptions{budget->caps, edge::kFirstByteTimeout, [a = s->acceptor_.get(), listenerFd](int fd) {
                               grpc::experimental::ExternalConnectionAcceptor::NewConnectionParameters p;
                               p.listener_fd = listenerFd;
                               p.fd = fd;
                               a->HandleNewConnection(&p);
                             }});
  return s;
}

DroneServer::~DroneServer() { shutdown(std::chrono::system_clock::now()); }

void DroneServer::shutdown(std::chrono::system_clock::time_point deadline) {
  if (door_) door_->stop();
  if (server_) server_->Shutdown(deadline);
}

void DroneServer::wait() {
  if (server_) server_->Wait();
}

}  // namespace staccato::drone
