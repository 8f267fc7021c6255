// The edge check runs in gRPC core's server auth filter (grpc_auth_metadata_processor), which
// sees a call's initial metadata before the transport hands over its message. The C++ wrapper
// (AuthMetadataProcessor) cannot be set on plain-text credentials and cannot answer later, so
// this uses the C API: plain or TLS core credentials with our processor, wrapped for the
// ServerBuilder. Answers for failed calls that must wait are given by one timer thread.
#include "drone/service/edge_guard.h"

#include <grpc/grpc_security.h>
#include <grpc/slice.h>

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <string_view>
#include <thread>

#include "common/core/log.h"

namespace staccato::drone {
namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kLogEvery = std::chrono::seconds(10);

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
  grpc_process_auth_metadata_done_cb cb;
  void* userData;
  Clock::time_point due;
};

class EdgeGuard {
 public:
  explicit EdgeGuard(EdgePolicy policy)
      : policy_(std::move(policy)), expected_("Bearer " + policy_.token), slots_(kFailureBurst),
        refilled_(Clock::now()), timer_([this](std::stop_token st) { serve(st); }) {}

  ~EdgeGuard() {
    timer_.request_stop();
    wake_.notify_all();
  }

  void process(const grpc_metadata* md, size_t n, grpc_process_auth_metadata_done_cb cb, void* userData) {
    std::string_view token, version;
    const grpc_metadata* tokenEntry = nullptr;
    for (size_t i = 0; i < n; ++i) {
      const std::string_view key = view(md[i].key);
      if (key == "authorization") token = view(md[i].value), tokenEntry = &md[i];
      else if (key == "x-staccato-version") version = view(md[i].value);
    }
    if (!policy_.token.empty() && !admitToken(token, cb, userData)) return;
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
  bool admitToken(std::string_view token, grpc_process_auth_metadata_done_cb cb, void* userData) {
    std::unique_lock lock(mu_);
    if (waiting_.size() >= kMaxWaiting) {
      ++refused_;
      lock.unlock();
      cb(userData, nullptr, 0, nullptr, 0, GRPC_STATUS_RESOURCE_EXHAUSTED,
         "too many failed authentications at once: calls are refused for a moment (retry in a few seconds)");
      return false;
    }
    if (sameSecret(token, expected_)) return true;
    ++failed_;
    refill(Clock::now());
    if (waiting_.empty() && slots_ > 0) {
      --slots_;
      lock.unlock();
      cb(userData, nullptr, 0, nullptr, 0, GRPC_STATUS_UNAUTHENTICATED, kWrongToken);
      return false;
    }
    // Each waiting failure is answered one refill interval after the one before it.
    const Clock::time_point after = waiting_.empty() ? refilled_ : waiting_.back().due;
    waiting_.push_back({cb, userData, after + std::chrono::milliseconds(1000 / kFailuresPerSecond)});
    wake_.notify_all();
    return false;
  }

  void refill(Clock::time_point now) {
    const auto interval = std::chrono::milliseconds(1000 / kFailuresPerSecond);
    while (slots_ < kFailureBurst && now - refilled_ >= interval) ++slots_, refilled_ += interval;
    if (slots_ == kFailureBurst) refilled_ = now;
  }

  void serve(std::stop_token st) {
    std::unique_lock lock(mu_);
    auto lastLog = Clock::now();
    while (true) {
      const bool stopping = st.stop_requested();
      const auto now = Clock::now();
      // Waiting answers that are due (all of them when stopping: no call may hang on us).
      while (!waiting_.empty() && (stopping || waiting_.front().due <= now)) {
        const Answer a = waiting_.front();
        waiting_.pop_front();
        refilled_ = std::max(refilled_, a.due);
        lock.unlock();
        a.cb(a.userData, nullptr, 0, nullptr, 0, GRPC_STATUS_UNAUTHENTICATED, kWrongToken);
        lock.lock();
      }
      if (stopping) return;
      if ((failed_ || refused_) && now - lastLog >= kLogEvery) {
        log::warning(std::to_string(failed_ + refused_) + " calls without the right access token in the last " +
                     std::to_string(std::chrono::duration_cast<std::chrono::seconds>(now - lastLog).count()) + " s" +
                     (refused_ ? " (some refused at once: too many at a time)" : ""));
        failed_ = refused_ = 0;
        lastLog = now;
      }
      const auto next = waiting_.empty() ? now + kLogEvery : waiting_.front().due;
      // Woken early by a failure queued meanwhile that is due before `next`: go round again.
      wake_.wait_until(lock, st, next, [&] { return !waiting_.empty() && waiting_.front().due < next; });
    }
  }

  const EdgePolicy policy_;
  const std::string expected_;
  std::mutex mu_;
  std::condition_variable_any wake_;
  int slots_;
  Clock::time_point refilled_;
  std::deque<Answer> waiting_;
  uint64_t failed_ = 0, refused_ = 0;  ///< since the last log line
  std::jthread timer_;                 // last: starts after everything it uses exists
};

/// Core credentials with the edge processor, for grpc::ServerBuilder::AddListeningPort.
class GuardedCredentials final : public grpc::ServerCredentials {
 public:
  GuardedCredentials(grpc_server_credentials* core, const EdgePolicy& policy) : core_(core) {
    grpc_auth_metadata_processor p{};
    p.state = new EdgeGuard(policy);
    p.process = [](void* state, grpc_auth_context*, const grpc_metadata* md, size_t n,
                   grpc_process_auth_metadata_done_cb cb, void* userData) {
      static_cast<EdgeGuard*>(state)->process(md, n, cb, userData);
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
