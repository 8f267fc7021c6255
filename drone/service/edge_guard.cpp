// The edge check runs in gRPC core's server auth filter (grpc_auth_metadata_processor), which
// sees a call's initial metadata before the transport hands over its message. The C++ wrapper
// (AuthMetadataProcessor) cannot be set on plain-text credentials, so this uses the C API: plain
// or TLS core credentials with our processor, wrapped for the ServerBuilder. Every call is
// answered at once: one held back would let the transport buffer its body meanwhile.
//
// The processor sees no peer address, but the auth context is one per connection and keeps a
// property added to it: failures cool their connection down (drone/service/failure_cooldown.h),
// keyed by a number the guard gives the connection the first time one of its calls fails (not
// the context's address, which a later connection may reuse). The front door caps connections
// per address, which makes the limit per address too.
#include "drone/service/edge_guard.h"

#include <grpc/grpc_security.h>
#include <grpc/slice.h>

#include <chrono>
#include <cstdlib>
#include <mutex>
#include <string_view>

#include "common/core/log.h"
#include "drone/service/failure_cooldown.h"
#include "drone/service/health_service.h"

namespace staccato::drone {
namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kLogEvery = std::chrono::seconds(10);
constexpr const char* kConnectionProperty = "staccato.connection";
constexpr const char* kWrongToken = "missing or wrong access token (give the drone's token with --token-file)";
constexpr const char* kCoolingDown =
    "a wrong access token on this connection a moment ago: its calls are refused for 0.2 s (check --token-file)";

std::string_view view(const grpc_slice& s) {
  return {reinterpret_cast<const char*>(GRPC_SLICE_START_PTR(s)), GRPC_SLICE_LENGTH(s)};
}

// Compares in constant time so the token cannot be guessed byte by byte from timings.
bool sameSecret(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

class EdgeGuard {
 public:
  explicit EdgeGuard(EdgePolicy policy) : policy_(std::move(policy)), expected_("Bearer " + policy_.token) {}

  void process(grpc_auth_context* ctx, const grpc_metadata* md, size_t n, grpc_process_auth_metadata_done_cb cb,
               void* userData) {
    std::string_view token, version, path;
    const grpc_metadata* tokenEntry = nullptr;
    for (size_t i = 0; i < n; ++i) {
      const std::string_view key = view(md[i].key);
      if (key == "authorization") token = view(md[i].value), tokenEntry = &md[i];
      else if (key == "x-staccato-version") version = view(md[i].value);
      else if (key == ":path") path = view(md[i].value);
    }
    // A probe carries no token; the health service reads nothing of it (health_service.h).
    const bool health = isHealthPath(path);
    if (!policy_.token.empty() && !health) {
      if (const grpc_status_code refused = checkToken(ctx, token); refused != GRPC_STATUS_OK) {
        cb(userData, nullptr, 0, nullptr, 0, refused,
           refused == GRPC_STATUS_RESOURCE_EXHAUSTED ? kCoolingDown : kWrongToken);
        return;
      }
    }
    if (!version.empty() && version.substr(0, version.find('.')) != std::to_string(policy_.protocolMajor)) {
      const std::string why = "client speaks protocol " + std::string(version) + ", this drone speaks " +
                              std::to_string(policy_.protocolMajor) + ".x; use a client of the same major version";
      cb(userData, nullptr, 0, nullptr, 0, GRPC_STATUS_FAILED_PRECONDITION, why.c_str());
      return;
    }
    // The token goes no further than this check: handlers never see it.
    cb(userData, tokenEntry, tokenEntry ? 1 : 0, nullptr, 0, GRPC_STATUS_OK, nullptr);
  }

 private:
  /// OK for the right token; UNAUTHENTICATED for a wrong or missing one; RESOURCE_EXHAUSTED,
  /// without a comparison, for a token on a connection that cools down from a wrong one. Under the lock, so that a
  /// connection's concurrent calls cannot all be compared before the first failure counts.
  grpc_status_code checkToken(grpc_auth_context* ctx, std::string_view token) {
    const auto now = Clock::now();
    std::lock_guard lock(mu_);
    if (token.empty()) {  // no guess: nothing to slow down
      ++failed_;
      logSummary(now);
      return GRPC_STATUS_UNAUTHENTICATED;
    }
    if (!cooldown_.empty()) {
      if (const uint64_t conn = connectionOf(ctx, false); conn && cooldown_.cooling(conn, now)) {
        ++refused_;
        logSummary(now);
        return GRPC_STATUS_RESOURCE_EXHAUSTED;
      }
    }
    if (sameSecret(token, expected_)) return GRPC_STATUS_OK;
    cooldown_.failed(connectionOf(ctx, true), now);
    ++failed_;
    logSummary(now);
    return GRPC_STATUS_UNAUTHENTICATED;
  }

  /// The connection's number (0 = none yet and `assign` false). Under mu_: a connection's calls
  /// share its context, and gRPC does not lock it.
  uint64_t connectionOf(grpc_auth_context* ctx, bool assign) {
    if (!ctx) return 0;
    grpc_auth_property_iterator it = grpc_auth_context_find_properties_by_name(ctx, kConnectionProperty);
    if (const grpc_auth_property* p = grpc_auth_property_iterator_next(&it))
      return std::strtoull(std::string(p->value, p->value_length).c_str(), nullptr, 10);
    if (!assign) return 0;
    const uint64_t conn = ++connections_;
    grpc_auth_context_add_cstring_property(ctx, kConnectionProperty, std::to_string(conn).c_str());
    return conn;
  }

  /// One line per 10 s at most, for the failures since the last one.
  void logSummary(Clock::time_point now) {
    if (now - lastLog_ < kLogEvery) return;
    log::warning("calls without the right access token since the last report: " + std::to_string(failed_ + refused_) +
                 (refused_ ? " (" + std::to_string(refused_) + " refused unread: their connection had just failed)"
                           : std::string()));
    failed_ = refused_ = 0;
    lastLog_ = now;
  }

  const EdgePolicy policy_;
  const std::string expected_;
  std::mutex mu_;
  FailureCooldown cooldown_;
  uint64_t connections_ = 0;           ///< numbers given to connections so far
  uint64_t failed_ = 0, refused_ = 0;  ///< since the last log line
  Clock::time_point lastLog_;
};

/// Core credentials with the edge processor, for grpc::ServerBuilder::AddListeningPort.
class GuardedCredentials final : public grpc::ServerCredentials {
 public:
  GuardedCredentials(grpc_server_credentials* core, const EdgePolicy& policy) : core_(core) {
    grpc_auth_metadata_processor p{};
    p.state = new EdgeGuard(policy);
    p.process = [](void* state, grpc_auth_context* ctx, const grpc_metadata* md, size_t n,
                   grpc_process_auth_metadata_done_cb cb, void* userData) {
      static_cast<EdgeGuard*>(state)->process(ctx, md, n, cb, userData);
    };
    p.destroy = [](void* state) { delete static_cast<EdgeGuard*>(state); };
    grpc_server_credentials_set_auth_metadata_processor(core_, p);
  }
  ~GuardedCredentials() override { grpc_server_credentials_release(core_); }

  void SetAuthMetadataProcessor(const std::shared_ptr<grpc::AuthMetadataProcessor>&) override {
    log::error("internal error: the edge guard is the only metadata processor");
    std::abort();
  }

 private:
  int AddPortToServer(const std::string& address, grpc_server* server) override {
    return grpc_server_add_http2_port(server, address.c_str(), core_);
  }

  grpc_server_credentials* core_;
};

}  // namespace

std::shared_ptr<grpc::ServerCredentials> guardedCredentials(const EdgePolicy& policy, const std::optional<TlsIdentity>& tls) {
  grpc_server_credentials* core = nullptr;
  if (tls) {
    grpc_ssl_pem_key_cert_pair pair{tls->privateKeyPem.c_str(), tls->certificatePem.c_str()};
    core = grpc_ssl_server_credentials_create_ex(nullptr, &pair, 1, GRPC_SSL_DONT_REQUEST_CLIENT_CERTIFICATE, nullptr);
  } else {
    core = grpc_insecure_server_credentials_create();
  }
  return std::make_shared<GuardedCredentials>(core, policy);
}

}  // namespace staccato::drone
