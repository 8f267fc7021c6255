#include "drone/metrics/metrics_connection.h"

#include <fcntl.h>
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>

namespace staccato::drone::metrics {
namespace {

std::string sslError(const std::string& what) {
  char buf[256] = {};
  ERR_error_string_n(ERR_get_error(), buf, sizeof buf);
  return what + ": " + buf;
}

}  // namespace

Result<std::shared_ptr<TlsContext>> TlsContext::fromPem(const std::string& certificatePem, const std::string& privateKeyPem) {
  SSL_CTX* ctx = SSL_CTX_new(TLS_server_method());
  if (!ctx) return makeError("--metrics", sslError("cannot make a TLS context"), ErrorKind::kInternal);
  std::shared_ptr<TlsContext> out(new TlsContext(ctx));
  SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
  BIO* certs = BIO_new_mem_buf(certificatePem.data(), int(certificatePem.size()));
  X509* leaf = certs ? PEM_read_bio_X509(certs, nullptr, nullptr, nullptr) : nullptr;
  bool ok = leaf && SSL_CTX_use_certificate(ctx, leaf) == 1;
  X509_free(leaf);
  // The rest of the chain, as the gRPC listener serves it.
  while (ok) {
    X509* extra = PEM_read_bio_X509(certs, nullptr, nullptr, nullptr);
    if (!extra) break;
    if (SSL_CTX_add0_chain_cert(ctx, extra) != 1) {
      X509_free(extra);
      ok = false;
    }
  }
  BIO_free(certs);
  ERR_clear_error();  // the end of the chain reads as an error
  if (!ok) return makeError("--tls-cert", "no usable PEM certificate for the metrics listener", ErrorKind::kInvalid);
  BIO* keyBio = BIO_new_mem_buf(privateKeyPem.data(), int(privateKeyPem.size()));
  EVP_PKEY* key = keyBio ? PEM_read_bio_PrivateKey(keyBio, nullptr, nullptr, nullptr) : nullptr;
  BIO_free(keyBio);
  ok = key && SSL_CTX_use_PrivateKey(ctx, key) == 1 && SSL_CTX_check_private_key(ctx) == 1;
  EVP_PKEY_free(key);
  if (!ok) return makeError("--tls-key", sslError("the private key does not fit the certificate"), ErrorKind::kInvalid);
  return out;
}

TlsContext::~TlsContext() { SSL_CTX_free(ctx_); }

MetricsConnection::MetricsConnection(UniqueFd fd, std::shared_ptr<TlsContext> tls) : fd_(std::move(fd)), tls_(std::move(tls)) {
  ::fcntl(fd_.get(), F_SETFL, ::fcntl(fd_.get(), F_GETFL) | O_NONBLOCK);
  if (tls_) {
    ssl_ = SSL_new(tls_->get());
    if (ssl_) SSL_set_fd(ssl_, fd_.get());
  }
}

MetricsConnection::~MetricsConnection() {
  if (ssl_) {
    SSL_shutdown(ssl_);  // one close_notify, not waiting for the client's
    SSL_free(ssl_);
  }
  ::shutdown(fd_.get(), SHUT_RDWR);
}

bool MetricsConnection::wait(bool forWrite, Deadline deadline) const {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
  if (left.count() <= 0) return false;
  pollfd p{fd_.get(), short(forWrite ? POLLOUT : POLLIN), 0};
  return ::poll(&p, 1, int(left.count())) == 1;
}

bool MetricsConnection::handshake(Deadline deadline) {
  if (!tls_) return true;
  if (!ssl_) return false;
  for (;;) {
    const int r = SSL_accept(ssl_);
    if (r == 1) return true;
    const int e = SSL_get_error(ssl_, r);
    if ((e != SSL_ERROR_WANT_READ && e != SSL_ERROR_WANT_WRITE) || !wait(e == SSL_ERROR_WANT_WRITE, deadline)) {
      ERR_clear_error();
      return false;
    }
  }
}

std::optional<std::string> MetricsConnection::readHead(size_t max, Deadline deadline) {
  std::string head;
  char buf[1024];
  while (head.find("\r\n\r\n") == std::string::npos) {
    if (head.size() >= max) return std::nullopt;
    const size_t want = std::min(sizeof buf, max - head.size());
    ssize_t n;
    bool forWrite = false;
    if (ssl_) {
      n = SSL_read(ssl_, buf, int(want));
      if (n <= 0) {
        const int e = SSL_get_error(ssl_, int(n));
        if (e != SSL_ERROR_WANT_READ && e != SSL_ERROR_WANT_WRITE) return std::nullopt;
        forWrite = e == SSL_ERROR_WANT_WRITE;
      }
    } else {
      n = ::recv(fd_.get(), buf, want, 0);
      if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) return std::nullopt;
    }
    if (n > 0) head.append(buf, size_t(n));
    else if (!wait(forWrite, deadline)) return std::nullopt;
  }
  return head.substr(0, head.find("\r\n\r\n") + 4);
}

bool MetricsConnection::writeAll(std::string_view bytes, Deadline deadline) {
  while (!bytes.empty()) {
    ssize_t n;
    bool forWrite = true;
    if (ssl_) {
      n = SSL_write(ssl_, bytes.data(), int(std::min<size_t>(bytes.size(), 1 << 20)));
      if (n <= 0) {
        const int e = SSL_get_error(ssl_, int(n));
        if (e != SSL_ERROR_WANT_READ && e != SSL_ERROR_WANT_WRITE) return false;
        forWrite = e == SSL_ERROR_WANT_WRITE;
      }
    } else {
      n = ::send(fd_.get(), bytes.data(), bytes.size(), MSG_NOSIGNAL);
      if (n < 0 && errno != EAGAIN && errno != EINTR) return false;
    }
    if (n > 0) bytes.remove_prefix(size_t(n));
    else if (!wait(forWrite, deadline)) return false;
  }
  return true;
}

}  // namespace staccato::drone::metrics
