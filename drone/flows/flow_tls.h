#pragma once
/// TLS 1.3 for the flow loops (OpenSSL): one context per TLS template and side, and a
/// connection's byte stream read and written through it. Non-blocking and edge-triggered like
/// the plain sockets: a call that cannot go on says EAGAIN (errno), whatever direction OpenSSL
/// waits for, and the loops call again on the socket's next event. Writes may raise SIGPIPE: the
/// process ignores it (the drone does).
#include <openssl/ssl.h>
#include <sys/socket.h>

#include <memory>
#include <string>
#include <string_view>

#include "common/core/result.h"
#include "drone/flows/flow_sockets.h"

namespace staccato::drone {

class TlsContext {
 public:
  /// A server's: the certificate (PEM, a chain after it allowed) and its key, or both empty for
  /// a self-signed P-256 certificate made now. `tickets`: issue one session ticket a connection
  /// (clients resume with it). `lean`: connections give their buffers back between records
  /// (for many held open: smaller, but slower to handshake).
  static Result<std::unique_ptr<TlsContext>> forServer(std::string_view certificatePem, std::string_view keyPem,
                                                       bool tickets, bool lean);
  /// A client's: certificates are not verified (a tester talks to whatever the lab put there);
  /// with `resume`, each connection offers the latest session a server's ticket gave.
  static Result<std::unique_ptr<TlsContext>> forClient(bool resume, bool lean);
  ~TlsContext();
  TlsContext(const TlsContext&) = delete;
  TlsContext& operator=(const TlsContext&) = delete;

  /// A new TLS connection over `fd` (nullptr: out of memory). The caller frees it with tlsClose.
  SSL* open(int fd);

 private:
  TlsContext(SSL_CTX* ctx, bool client, bool resume);
  static int keepSession(SSL* ssl, SSL_SESSION* session);

  SSL_CTX* ctx_;
  bool client_, resume_;
  SSL_SESSION* latest_ = nullptr;  ///< client, resuming: the newest session a ticket gave
};

enum class TlsStep { kDone, kWait, kFailed };
/// Drives a handshake on; on kFailed `err` holds the errno to count it by (EPROTO: the peer
/// spoke no TLS we accept).
TlsStep tlsHandshake(SSL* ssl, int& err);
/// recv()'s contract: bytes read, 0 when the peer closed (close_notify or EOF), -1 with errno
/// (EAGAIN: call again on the next event; EPROTO: a TLS error).
ssize_t tlsReceive(SSL* ssl, char* buffer, size_t size);
/// sendMessagePart's contract (flow_sockets.h) through TLS: one record's worth at most.
ssize_t tlsSendMessagePart(SSL* ssl, const std::string& head, uint64_t sent, uint64_t total);
/// Says goodbye (close_notify, not waited for) and frees it.
void tlsClose(SSL* ssl);

/// A connection's byte stream: through its TLS when it has one, else the socket's own.
inline ssize_t streamReceive(int fd, SSL* tls, char* buffer, size_t size) {
  return tls ? tlsReceive(tls, buffer, size) : ::recv(fd, buffer, size, 0);
}
inline ssize_t streamSendPart(int fd, SSL* tls, const std::string& head, uint64_t sent, uint64_t total) {
  return tls ? tlsSendMessagePart(tls, head, sent, total) : sendMessagePart(fd, head, sent, total);
}

}  // namespace staccato::drone
