#include "drone/service/drone_server.h"

#include <grpcpp/resource_quota.h>

#include "drone/service/auth_marker.h"
#include "drone/service/request_ids.h"
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
  // grpc.health.v1 without the token, reading nothing of the request (health_service.h).
  s->health_ = std::make_unique<HealthService>();
  grpc::ServerBuilder builder;
  builder.RegisterCallbackGenericService(s->health_.get());
  // Calls that passed the guard tell the door their connection authenticated (TCP only: a unix
  // socket's peers are let in by its mode, and gRPC names them all alike).
  DroneServer* self = s.get();
  std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>> interceptors;
  interceptors.push_back(authMarker([self](const std::string& peer) {
    if (edge::FrontDoor* door = self->doorForCalls_.load()) door->authenticated(peer);
  }));
  interceptors.push_back(requestIds());
  builder.experimental().SetInterceptorCreators(std::move(interceptors));
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
  // The window a stream gets before its message is asked for stays at 64 KiB: with BDP probing a
  // caller could grow it, and what a tokenless caller sends is never asked for. A message that
  // is asked for (a stream list part, ~1 MiB) still gets a window of its size.
  builder.AddChannelArgument(GRPC_ARG_HTTP2_BDP_PROBE, 0);
  s->server_ = builder.BuildAndStart();
  if (!s->server_) return makeError(options.listen, "the gRPC server did not start", ErrorKind::kInternal);
  const int listenerFd = listeners->fds.front().get();  // only informative for gRPC
  const bool local = listeners->local;
  s->door_ = std::make_unique<edge::FrontDoor>(
      std::move(listeners).value(),
      edge::FrontDoorOptions{budget->caps, edge::kFirstByteTimeout,
                             [a = s->acceptor_.get(), listenerFd](int fd) {
                               grpc::experimental::ExternalConnectionAcceptor::NewConnectionParameters p;
                               p.listener_fd = listenerFd;
                               p.fd = fd;
                               a->HandleNewConnection(&p);
                             },
                             local ? std::chrono::milliseconds(0) : edge::kAuthDeadline});
  s->doorForCalls_ = s->door_.get();
  return s;
}

DroneServer::~DroneServer() { shutdown(std::chrono::system_clock::now()); }

void DroneServer::shutdown(std::chrono::system_clock::time_point deadline) {
  if (door_) door_->stop();
  if (health_) health_->shutdown();
  if (server_) server_->Shutdown(deadline);
}

void DroneServer::wait() {
  if (server_) server_->Wait();
}

}  // namespace staccato::drone
