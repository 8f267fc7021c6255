// FlowServer's exchanges: one accepted connection from its first request to its close, driven
// by edge-triggered events (each call does all it can until the kernel says EAGAIN).
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>

#include "drone/flows/flow_server.h"
#include "drone/flows/http_wire.h"

namespace staccato::drone {

namespace {

const std::string kNotFound = "HTTP/1.1 404 Not Found\r\nServer: staccato\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
const std::string kBadRequest = "HTTP/1.1 400 Bad Request\r\nServer: staccato\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
const std::string kNoHead;

}  // namespace

void FlowServer::drive(Conn& c) {
  for (;;) {
    if (c.state == State::kHandshaking) {
      if (!handshake(c)) return;
    } else if (c.state == State::kReading) {
      if (!readSome(c)) return;
    } else if (c.state == State::kWriting) {
      if (!writeSome(c)) return;
    } else {
      return;
    }
  }
}

/// Drives TLS's handshake on; true when it is done and the exchange has begun.
bool FlowServer::handshake(Conn& c) {
  int err = 0;
  const TlsStep step = tlsHandshake(c.tls, err);
  if (step == TlsStep::kWait) return false;
  if (step == TlsStep::kFailed) {
    close(c, false, failureOf(err));
    return false;
  }
  PhaseCounters& counters = this->counters(c);
  addSingleWriter(counters.tlsHandshakes);
  if (SSL_session_reused(c.tls)) addSingleWriter(counters.tlsResumed);
  beginExchange(c);
  return true;
}

/// Whether the connection is between requests (a close there ends it whole).
bool FlowServer::between(const Conn& c) const {
  const TemplatePlan& t = plan_.templates[c.tmpl];
  switch (t.kind) {
    case ExchangeKind::kHttp: return c.request.empty() && !c.headRead;
    case ExchangeKind::kReplay: return c.round >= t.rounds || c.toRead == t.requests[c.round].size();
    default: return c.toRead == t.requestBytes || t.requestBytes == 0;
  }
}

/// Reads the request under way; true when it is whole and the answer is set up.
bool FlowServer::readSome(Conn& c) {
  for (;;) {
    const ssize_t n = streamReceive(c.fd, c.tls, scratch_, sizeof scratch_);
    if (n < 0) {
      if (errno != EAGAIN) close(c, false, failureOf(errno));
      return false;
    }
    const TemplatePlan& t = plan_.templates[c.tmpl];
    if (n == 0) {  // the client closed: done if between requests, else cut short
      close(c, between(c), FlowFailure::kReset);
      return false;
    }
    addSingleWriter(counters(c).bytesReceived, uint64_t(n));
    size_t body = size_t(n);
    if (t.kind == ExchangeKind::kHttp && !c.headRead) {
      const HeadScan scan = scanHead(c.request, scratch_, size_t(n));
      if (scan.tooLong) return requestRead(c), true;  // answered 400 below
      if (!scan.complete) continue;
      c.headRead = true;
      body = size_t(n) - scan.consumed;
      auto head = parseRequestHead(c.request);
      if (head) {
        const auto& templates = listeners_[c.listener].templates;
        const auto match = std::find_if(templates.begin(), templates.end(), [&](uint16_t i) {
          const std::string& own = plan_.templates[i].requestHead;
          return own.compare(own.find(' ') + 1, head->path.size() + 1, std::string(head->path) + " ") == 0;
        });
        c.tmpl = match == templates.end() ? c.tmpl : *match;
        c.toRead = head->contentLength;
        c.closeAfter = head->close;
        if (match == templates.end()) c.head = &kNotFound;
        else c.head = nullptr;
      } else {
        c.head = &kBadRequest;
      }
    }
    const bool unlike = t.kind == ExchangeKind::kReplay && body <= c.toRead &&  // the captured request, byte for byte
                        t.requests[c.round].compare(t.requests[c.round].size() - c.toRead, body, scratch_, body) != 0;
    if (body > c.toRead || unlike) {  // more than one request (no pipelining here), or not the one captured
      close(c, false, FlowFailure::kInvalid);
      return false;
    }
    c.toRead -= body;
    if (c.toRead == 0 && (t.kind != ExchangeKind::kHttp || c.headRead)) return requestRead(c), true;
  }
}

/// Sets up the answer to a whole request.
bool FlowServer::requestRead(Conn& c) {
  const TemplatePlan& t = plan_.templates[c.tmpl];
  c.sent = 0;
  c.state = State::kWriting;
  if (t.kind == ExchangeKind::kTcp) {
    c.head = &kNoHead;
    c.toSend = t.responseBytes;
    return true;
  }
  if (t.kind == ExchangeKind::kReplay) {
    c.head = &t.responses[c.round];
    c.toSend = c.head->size();
    return true;
  }
  if (c.head == &kNotFound || c.head == &kBadRequest || !c.headRead) {  // an error answer, then close
    if (!c.headRead) c.head = &kBadRequest;
    c.closeAfter = true;
    c.toSend = c.head->size();
    return true;
  }
  c.head = c.closeAfter ? &closeHeads_[c.tmpl] : &keepHeads_[c.tmpl];
  c.toSend = c.head->size() + (t.headRequest ? 0 : t.responseBytes);
  return true;
}

/// Writes the answer under way; true when it is whole and the connection reads again.
bool FlowServer::writeSome(Conn& c) {
  const std::string& head = c.head ? *c.head : kNoHead;
  while (c.sent < c.toSend) {
    const ssize_t n = streamSendPart(c.fd, c.tls, head, c.sent, c.toSend);
    if (n < 0) {
      if (errno != EAGAIN) close(c, false, failureOf(errno));
      return false;
    }
    c.sent += uint64_t(n);
    addSingleWriter(counters(c).bytesSent, uint64_t(n));
  }
  const TemplatePlan& t = plan_.templates[c.tmpl];
  const bool errorAnswer = c.head == &kNotFound || c.head == &kBadRequest;
  if (!errorAnswer) addSingleWriter(counters(c).transactions);
  if (c.closeAfter) {
    close(c, !errorAnswer, FlowFailure::kInvalid);
    return false;
  }
  c.state = State::kReading;
  c.headRead = false;
  c.request.clear();
  c.toRead = t.kind == ExchangeKind::kTcp ? t.requestBytes : 0;
  if (t.kind == ExchangeKind::kReplay && ++c.round < t.rounds) c.toRead = t.requests[c.round].size();
  return true;
}

}  // namespace staccato::drone
