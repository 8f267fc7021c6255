#pragma once
/// Who may call the drone, checked at the edge: in gRPC's auth filter, on a call's metadata,
/// before any request body is read or parsed. A call without the access token ends there with
/// UNAUTHENTICATED (a client of another protocol major version with FAILED_PRECONDITION): its
/// message is never delivered, parsed or allocated.
///
/// Failed authentications are rate-limited: a burst is answered at once, then each failure waits
/// for a slot of a bucket that refills kFailuresPerSecond; while kMaxWaiting failures wait,
/// further calls are refused with RESOURCE_EXHAUSTED without comparing their token, so guesses
/// never go faster than the bucket. Failures are logged as one summary line per 10 s at most.
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

inline constexpr int kFailureBurst = 20;
inline constexpr int kFailuresPerSecond = 10;
inline constexpr int kMaxWaiting = 32;

/// Server credentials (plain, or TLS with `tls`) whose every call passes the edge check.
std::shared_ptr<grpc::ServerCredentials> guardedCredentials(const EdgePolicy& policy,
                                                            const std::optional<TlsIdentity>& tls = std::nullopt);

}  // namespace staccato::drone
