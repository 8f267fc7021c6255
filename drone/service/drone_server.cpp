#include "drone/service/drone_server.h"

#include <grpcpp/resource_quota.h>

#include "rpc/message_limits.h"

namespace staccato::drone {

std::unique_ptr<grpc::Server> startServer(const std::vector<grpc::Service*>& services, const ServerOptions& options,
                                          int* boundPort) {
  grpc::ServerBuilder builder;
  builder.AddListeningPort(options.listen, guardedCredentials(options.policy, options.tls), boundPort);
  for (grpc::Service* s : services) builder.RegisterService(s);
  builder.SetMaxReceiveMessageSize(rpc::kMaxRequestBytes);
  builder.SetMaxSendMessageSize(rpc::kMaxReplyBytes);
  grpc::ResourceQuota quota("staccato-drone");
  quota.Resize(kServerMemoryBytes);
  quota.SetMaxThreads(kMaxServerThreads);
  builder.SetResourceQuota(quota);
  // Dead clients (a crashed CLI, a lost network) are noticed within about 30 s.
  builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_TIME_MS, 20'000);
  builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_TIMEOUT_MS, 10'000);
  builder.AddChannelArgument(GRPC_ARG_MAX_CONCURRENT_STREAMS, 100);
  return builder.BuildAndStart();
}

}  // namespace staccato::drone
