// The edge check runs in gRPC core's server auth filter (grpc_auth_metadata_processor), which
// sees a call's initial metadata before the transport hands over its message. The C++ wrapper
// (AuthMetadataProcessor) cannot be set on plain-text credentials and cannot answer later, so
// this uses the C API: plain or TLS core credentials with our processor, wrapped for the
// ServerBuilder. Answers for failed calls that must wait are given by one timer thread.
//
// The processor sees no peer address, but the auth context is one per connection and keeps a
// property added to it: failures are paced per connection, keyed by a number the guard gives
// the connection the first time one of its calls fails (not the context's address, which a
// later connection may reuse). The front door caps connections per address, which makes the
// pace per address too.
#include "drone/service/edge_guard.h"

#include <grpc/grpc_security.h>
#include <grpc/slice.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <queue>
#include <string_view>
#include <thread>
#include <vector>

#include "common/core/log.h"
#include "drone/service/failure_pacer.h"

namespace staccato::drone {
namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kLogEvery = std::chrono::seconds(10);
constexpr const char* kConnectionProperty = "staccato.connection";

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

struct Answer {
  Clock::time_point due;
  uint64_t connection;
  grpc_process_auth_metadata_done_cb cb;
  void* userData;
  bool operator>(const Answer& o) const { return due > o.due; }
};

class EdgeGuard {
 public:
  explicit EdgeGuard(EdgePolicy policy)
      : policy_(std::move(policy)), expected_("Bearer " + policy_.token),
        timer_([this](std::stop_token st) { serve(st); }) {}

  ~EdgeGuard() {
    timer_.request_stop();
    wake_.notify_all();
  }

  void process(grpc_auth_context* ctx, const grpc_metadata* md, size_t n, grpc_process_auth_metadata_done_cb cb,
               void* userData) {
    std::string_view token, version;
    const grpc_metadata* tokenEntry = nullptr;
    for (size_t i = 0; i < n; ++i) {
      const std::string_view key = view(md[i].key);
      if (key == "authorization") token = view(md[i].value), tokenEntry = &md[i];
      else if (key == "x-staccato-version") version = view(md[i].value);
    }
    if (!policy_.token.empty() && !admitToken(ctx, token, cb, userData)) return;
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
  static constexpr const char* kWrongToken = "missing or wrong access token (give the drone's token with --token-file)";

  /// True when the token is right; otherwise the call is answered (now or later) and false.
  bool admitToken(grpc_auth_context* ctx, std::string_view token, grpc_process_auth_metadata_done_cb cb,
                  void* userData) {
    // A connection with too many failures waiting gets no comparison at all, so that its
    // refusals say nothing about its guesses (only its own calls: others are never looked at).
    if (waiting_.load(std::memory_order_relaxed) > 0) {
      std::unique_lock lock(mu_);
      if (const uint64_t conn = connectionOf(ctx, false); conn && pacer_.full(conn)) return refuse(lock, cb, userData);
    }
    if (sameSecret(token, expected_)) return true;
    std::unique_lock lock(mu_);
    const uint64_t conn = connectionOf(ctx, true);
    if (pacer_.full(conn)) return refuse(lock, cb, userData);
    ++failed_;
    answers_.push({pacer_.failed(conn, Clock::now()), conn, cb, userData});
    waiting_.fetch_add(1, std::memory_order_relaxed);
    wake_.notify_all();
    return false;
  }

  bool refuse(std::unique_lock<std::mutex>& lock, grpc_process_auth_metadata_done_cb cb, void* userData) {
    ++refused_;
    lock.unlock();
    cb(userData, nullptr, 0, nullptr, 0, GRPC_STATUS_RESOURCE_EXHAUSTED,
       "too many failed authentications waiting on this connection: its calls are refused for a moment");
    return false;
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

  void serve(std::stop_token st) {
    std::unique_lock lock(mu_);
    auto lastLog = Clock::now();
    while (true) {
      const bool stopping = st.stop_requested();
      const auto now = Clock::now();
      // Waiting answers that are due (all of them when stopping: no call may hang on us).
      while (!answers_.empty() && (stopping || answers_.top().due <= now)) {
        const Answer a = answers_.top();
        answers_.pop();
        pacer_.answered(a.connection);
        waiting_.fetch_sub(1, std::memory_order_relaxed);
        lock.unlock();
        a.cb(a.userData, nullptr, 0, nullptr, 0, GRPC_STATUS_UNAUTHENTICATED, kWrongToken);
        lock.lock();
      }
      if (stopping) return;
      if ((failed_ || refused_) && now - lastLog >= kLogEvery) {
        log::warning(std::to_string(failed_ + refused_) + " calls without the right access token in the last " +
                     std::to_string(std::chrono::duration_cast<std::chrono::seconds>(now - lastLog).count()) + " s" +
                     (refused_ ? " (" + std::to_string(refused_) + " refused at once: too many waiting on one connection)"
                               : std::string()));
        failed_ = refused_ = 0;
        lastLog = now;
      }
      const auto next = answers_.empty() ? now + kLogEvery : answers_.top().due;
      // Woken early by a failure queued meanwhile that is due before `next`: go round again.
      wake_.wait_until(lock, st, next, [&] { return !answers_.empty() && answers_.top().due < next; });
    }
  }

  const EdgePolicy policy_;
  const std::string expected_;
  std::mutex mu_;
  std::condition_variable_any wake_;
  FailurePacer pacer_;
  std::priority_queue<Answer, std::vector<Answer>, std::greater<>> answers_;  ///< soonest first
  std::atomic<int> waiting_{0};  ///< answers_.size(), read without the lock
  uint64_t connections_ = 0;     ///< numbers given to connections so far
  uint64_t failed_ = 0, refused_ = 0;  ///< since the last log line
  std::jthread timer_;                 // last: starts after everything it uses exists
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
