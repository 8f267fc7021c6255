#pragma once
/// Tells the front door which connections have authenticated: a server interceptor that sees
/// every call the edge guard let through (the guard sees no peer address; the call does) and
/// reports its connection's peer, unless the call is a health probe, which needs no token.
#include <grpcpp/support/server_interceptor.h>

#include <functional>
#include <memory>
#include <string>

namespace staccato::drone {

/// `authenticated(peer)` with ServerContext::peer() of every call but health probes.
std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface> authMarker(
    std::function<void(const std::string& peer)> authenticated);

}  // namespace staccato::drone
