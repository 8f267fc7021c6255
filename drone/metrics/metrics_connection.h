#pragma once
/// One metrics connection's bytes, in clear or over TLS (OpenSSL), each step bounded by a
/// deadline: a client that stalls its handshake or its request holds a worker no longer.
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "common/core/result.h"
#include "common/core/unique_fd.h"

typedef struct ssl_ctx_st SSL_CTX;
typedef struct ssl_st SSL;

namespace staccato::drone::metrics {

using Deadline = std::chrono::steady_clock::time_point;

/// The listener's certificate (a PEM chain) and private key.
class TlsContext {
 public:
  static Result<std::shared_ptr<TlsContext>> fromPem(const std::string& certificatePem, const std::string& privateKeyPem);
  ~TlsContext();
  SSL_CTX* get() const { return ctx_; }

 private:
  explicit TlsContext(SSL_CTX* ctx) : ctx_(ctx) {}
  SSL_CTX* ctx_;
};

class MetricsConnection {
 public:
  /// `tls` null: in clear. The descriptor is made non-blocking.
  MetricsConnection(UniqueFd fd, std::shared_ptr<TlsContext> tls);
  ~MetricsConnection();
  MetricsConnection(const MetricsConnection&) = delete;
  MetricsConnection& operator=(const MetricsConnection&) = delete;

  /// The TLS handshake (nothing in clear); false when it failed or the deadline passed.
  bool handshake(Deadline deadline);
  /// Bytes up to and including the first blank line, at most `max`; nullopt when the client
  /// closed, sent more without one, or the deadline passed.
  std::optional<std::string> readHead(size_t max, Deadline deadline);
  bool writeAll(std::string_view bytes, Deadline deadline);

 private:
  /// Waits until the descriptor is readable (or writable); false at the deadline.
  bool wait(bool forWrite, Deadline deadline) const;
  UniqueFd fd_;
  std::shared_ptr<TlsContext> tls_;
  SSL* ssl_ = nullptr;
};

}  // namespace staccato::drone::metrics
