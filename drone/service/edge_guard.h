#pragma once
/// Who may call the drone, checked at the edge: in gRPC's auth filter, on a call's metadata,
/// before any request body is read or parsed. A call without the access token ends there with
/// UNAUTHENTICATED (a client of another protocol major version with FAILED_PRECONDITION): its
/// message is never delivered, parsed or allocated.
///
/// The token is compared first: a right token passes at once, whatever others do. A failure cools
/// its connection down (drone/service/failure_cooldown.h), never anything global, so a flood of
/// wrong tokens slows only the connections that send them. Every call is answered at once.
/// Failures are logged as one summary line per 10 s at most. The standard health service's Check
/// and Watch (grpc.health.v1) need no token: probes (Kubernetes, load balancers) carry none.
#include <grpcpp/security/server_credentials.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace staccato::drone {

struct EdgePolicy {
  std::string token;           ///< required as "authorization: Bearer TOKEN"; empty = none
  uint32_t protocolMajor = 0;  ///< calls whose x-staccato-version names another major are refused
};

struct TlsIdentity {
  std::string certificatePem, privateKeyPem;
};

/// Server credentials (plain, or TLS with `tls`) whose every call passes the edge check.
std::shared_ptr<grpc::ServerCredentials> guardedCredentials(const EdgePolicy& policy,
                                                            const std::optional<TlsIdentity>& tls = std::nullopt);

}  // namespace staccato::drone
