#include "drone/flows/flow_tls.h"

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include <algorithm>
#include <cerrno>
#include <cstring>


namespace staccato::drone {

namespace {

/// A TLS record's most plaintext: what one write puts out.
constexpr size_t kRecordBytes = 16 * 1024;
constexpr long kCertificateDays = 30;

std::string openSslError() {
  const unsigned long code = ERR_get_error();
  ERR_clear_error();
  if (code == 0) return "unknown OpenSSL error";
  char text[256];
  ERR_error_string_n(code, text, sizeof text);
  return text;
}

SSL_CTX* newContext(bool client, bool lean) {
  SSL_CTX* ctx = SSL_CTX_new(client ? TLS_client_method() : TLS_server_method());
  if (!ctx) return nullptr;
  SSL_CTX_set_min_proto_version(ctx, TLS1_3_VERSION);
  // A peer that closes without close_notify has closed, as a plain socket would have.
  SSL_CTX_set_options(ctx, SSL_OP_IGNORE_UNEXPECTED_EOF);
  // Partial writes keep the loops' byte counting. Released buffers keep an idle connection ~34
  // KiB smaller but cost an allocation a record: half the handshakes a second (measured).
  SSL_CTX_set_mode(ctx, SSL_MODE_ENABLE_PARTIAL_WRITE | (lean ? SSL_MODE_RELEASE_BUFFERS : 0));
  return ctx;
}

Status useSelfSigned(SSL_CTX* ctx) {
  EVP_PKEY* key = EVP_EC_gen("P-256");
  X509* cert = X509_new();
  bool ok = key && cert;
  if (ok) {
    X509_set_version(cert, 2);
    ASN1_INTEGER_set(X509_get_serialNumber(cert), 1);
    X509_gmtime_adj(X509_getm_notBefore(cert), -3600);
    X509_gmtime_adj(X509_getm_notAfter(cert), kCertificateDays * 86400);
    X509_set_pubkey(cert, key);
    X509_NAME* name = X509_get_subject_name(cert);
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>("staccato flows"), -1, -1, 0);
    X509_set_issuer_name(cert, name);
    ok = X509_sign(cert, key, EVP_sha256()) > 0 && SSL_CTX_use_certificate(ctx, cert) == 1 &&
         SSL_CTX_use_PrivateKey(ctx, key) == 1;
  }
  X509_free(cert);
  EVP_PKEY_free(key);
  if (!ok) return makeError("tls", "cannot make a certificate: " + openSslError(), ErrorKind::kInternal);
  return Ok{};
}

Status usePem(SSL_CTX* ctx, std::string_view certificatePem, std::string_view keyPem) {
  BIO* certs = BIO_new_mem_buf(certificatePem.data(), int(certificatePem.size()));
  X509* leaf = PEM_read_bio_X509(certs, nullptr, nullptr, nullptr);
  bool ok = leaf && SSL_CTX_use_certificate(ctx, leaf) == 1;
  X509_free(leaf);
  while (ok) {  // the chain after the leaf, if any
    X509* next = PEM_read_bio_X509(certs, nullptr, nullptr, nullptr);
    if (!next) break;
    if (SSL_CTX_add_extra_chain_cert(ctx, next) != 1) X509_free(next), ok = false;
  }
  BIO_free(certs);
  ERR_clear_error();  // the chain's end reads as an error
  if (!ok) return makeError("tls.certificate_pem", "is not a PEM certificate OpenSSL reads: " + openSslError());
  BIO* keyBio = BIO_new_mem_buf(keyPem.data(), int(keyPem.size()));
  EVP_PKEY* key = PEM_read_bio_PrivateKey(keyBio, nullptr, nullptr, nullptr);
  BIO_free(keyBio);
  ok = key && SSL_CTX_use_PrivateKey(ctx, key) == 1;
  EVP_PKEY_free(key);
  if (!ok) return makeError("tls.key_pem", "is not a PEM private key OpenSSL reads (unencrypted): " + openSslError());
  if (SSL_CTX_check_private_key(ctx) != 1)
    return makeError("tls.key_pem", "is not the certificate's key: give the key the certificate was made for");
  return Ok{};
}

/// A failed SSL call's result as recv()/send() say it (see tlsReceive).
ssize_t failedWith(SSL* ssl, int ret) {
  const int saved = errno;
  switch (SSL_get_error(ssl, ret)) {
    case SSL_ERROR_WANT_READ:
    case SSL_ERROR_WANT_WRITE: errno = EAGAIN; return -1;
    case SSL_ERROR_ZERO_RETURN: return 0;
    case SSL_ERROR_SYSCALL:
      ERR_clear_error();
      if (saved == 0) return 0;  // the peer went away mid-record
      errno = saved;
      return -1;
    default: ERR_clear_error(); errno = EPROTO; return -1;
  }
}

}  // namespace

TlsContext::TlsContext(SSL_CTX* ctx, bool client, bool resume) : ctx_(ctx), client_(client), resume_(resume) {
  SSL_CTX_set_app_data(ctx_, this);
}

TlsContext::~TlsContext() {
  if (latest_) SSL_SESSION_free(latest_);
  SSL_CTX_free(ctx_);
}

Result<std::unique_ptr<TlsContext>> TlsContext::forServer(std::string_view certificatePem, std::string_view keyPem,
                                                          bool tickets, bool lean) {
  SSL_CTX* ctx = newContext(false, lean);
  if (!ctx) return makeError("tls", "OpenSSL: " + openSslError(), ErrorKind::kExhausted);
  std::unique_ptr<TlsContext> context(new TlsContext(ctx, false, false));
  const Status loaded = certificatePem.empty() ? useSelfSigned(ctx) : usePem(ctx, certificatePem, keyPem);
  if (!loaded) return loaded.error();
  SSL_CTX_set_num_tickets(ctx, tickets ? 1 : 0);
  SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_OFF);  // tickets are stateless: nothing kept here
  return context;
}

Result<std::unique_ptr<TlsContext>> TlsContext::forClient(bool resume, bool lean) {
  SSL_CTX* ctx = newContext(true, lean);
  if (!ctx) return makeError("tls", "OpenSSL: " + openSslError(), ErrorKind::kExhausted);
  std::unique_ptr<TlsContext> context(new TlsContext(ctx, true, resume));
  if (resume) {
    SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_CLIENT | SSL_SESS_CACHE_NO_INTERNAL_STORE);
    SSL_CTX_sess_set_new_cb(ctx, keepSession);
  } else {
    SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_OFF);
  }
  return context;
}

int TlsContext::keepSession(SSL* ssl, SSL_SESSION* session) {
  auto* self = static_cast<TlsContext*>(SSL_CTX_get_app_data(SSL_get_SSL_CTX(ssl)));
  if (self->latest_) SSL_SESSION_free(self->latest_);
  self->latest_ = session;
  return 1;  // the reference is ours now
}

SSL* TlsContext::open(int fd) {
  SSL* ssl = SSL_new(ctx_);
  if (!ssl) return nullptr;
  SSL_set_fd(ssl, fd);
  if (client_) {
    SSL_set_connect_state(ssl);
    if (resume_ && latest_) SSL_set_session(ssl, latest_);
  } else {
    SSL_set_accept_state(ssl);
  }
  return ssl;
}

TlsStep tlsHandshake(SSL* ssl, int& err) {
  errno = 0;
  const int ret = SSL_do_handshake(ssl);
  if (ret == 1) return TlsStep::kDone;
  if (failedWith(ssl, ret) < 0 && errno == EAGAIN) return TlsStep::kWait;
  err = errno ? errno : ECONNRESET;
  return TlsStep::kFailed;
}

ssize_t tlsReceive(SSL* ssl, char* buffer, size_t size) {
  errno = 0;
  const int ret = SSL_read(ssl, buffer, int(std::min(size, size_t(1) << 30)));
  return ret > 0 ? ret : failedWith(ssl, ret);
}

ssize_t tlsSendMessagePart(SSL* ssl, const std::string& head, uint64_t sent, uint64_t total) {
  // The record's plaintext, head then payload: the same bytes again for the same `sent`, as
  // OpenSSL asks of a write it must repeat.
  thread_local char record[kRecordBytes];
  const size_t size = size_t(std::min<uint64_t>(total - sent, kRecordBytes));
  size_t filled = 0;
  if (sent < head.size()) {
    filled = std::min(size, head.size() - size_t(sent));
    std::memcpy(record, head.data() + sent, filled);
  }
  std::memcpy(record + filled, payloadBytes(), size - filled);
  errno = 0;
  const int ret = SSL_write(ssl, record, int(size));
  return ret > 0 ? ret : failedWith(ssl, ret);
}

void tlsClose(SSL* ssl) {
  if (SSL_is_init_finished(ssl)) SSL_shutdown(ssl);
  ERR_clear_error();
  SSL_free(ssl);
}

}  // namespace staccato::drone
