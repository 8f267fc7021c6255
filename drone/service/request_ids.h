#pragma once
/// Every call that fails gets a request id: it is added to the status message ("... (drone
/// request 5f3a9c-17)"), which every client shows, and the drone logs the call's method, peer
/// and status with it (a journald field, or a JSON member with --log-format json). A user's
/// error message then finds its line in the drone's log. At most 5 failures are logged every
/// 10 s (a client failing on purpose cannot flood the log); the next line says how many were not.
#include <grpcpp/support/server_interceptor.h>

#include <memory>
#include <string>

namespace staccato::drone {

std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface> requestIds();

/// The text the status message gets: " (drone request ID)".
std::string requestIdSuffix(const std::string& id);

}  // namespace staccato::drone
