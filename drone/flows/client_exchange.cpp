// FlowClient's exchanges: one connection's state machine from the handshake to its close,
// driven by edge-triggered events (each call does all it can until the kernel says EAGAIN).
#include <sys/epoll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>

#include "drone/flows/flow_client.h"
#include "drone/flows/http_wire.h"

namespace staccato::drone {

void FlowClient::drive(uint32_t slot, uint32_t events) {
  Conn& c = conns_[slot];
  if (c.state == State::kConnecting) {
    if (!(events & (EPOLLOUT | EPOLLERR | EPOLLHUP))) return;
    if (events & (EPOLLERR | EPOLLHUP)) {  // only then is there an error to ask for (a syscall less a connection)
      int err = 0;
      socklen_t size = sizeof err;
      ::getsockopt(c.fd, SOL_SOCKET, SO_ERROR, &err, &size);
      return fail(c, failureOf(err ? err : ECONNRESET));
    }
    return established(c);
  }
  if (c.state == State::kHandshaking) return handshake(c);
  if (c.state == State::kThinking) {
    // Nothing is due from the server while the client thinks (TLS: a session ticket at most):
    // data is a failure, and so is a close or reset.
    if (events & (EPOLLERR | EPOLLHUP | EPOLLRDHUP | EPOLLIN)) {
      const ssize_t n = streamReceive(c.fd, c.tls, scratch_, sizeof scratch_);
      if (n > 0) return fail(c, FlowFailure::kInvalid);
      if (n == 0 || errno != EAGAIN) return fail(c, n == 0 ? FlowFailure::kReset : failureOf(errno));
    }
    return;
  }
  pump(c);
}

/// TCP's handshake is done: TLS's begins, or the first round.
void FlowClient::established(Conn& c) {
  PhaseCounters& counters = this->counters(c);
  addSingleWriter(counters.established);
  if (const auto& context = tls_[c.tmpl]) {
    c.tls = context->open(c.fd);
    if (!c.tls) return fail(c, FlowFailure::kLocal);
    c.state = State::kHandshaking;
    return handshake(c);
  }
  counters.connectTime.record(nowNs_ - c.startedNs);
  beginRound(c);
  pump(c);
}

void FlowClient::handshake(Conn& c) {
  int err = 0;
  const TlsStep step = tlsHandshake(c.tls, err);
  if (step == TlsStep::kWait) return;
  if (step == TlsStep::kFailed) return fail(c, failureOf(err));
  nowNs_ = flowNowNs();
  PhaseCounters& counters = this->counters(c);
  counters.connectTime.record(nowNs_ - c.startedNs);
  addSingleWriter(counters.tlsHandshakes);
  if (SSL_session_reused(c.tls)) addSingleWriter(counters.tlsResumed);
  beginRound(c);
  pump(c);
}

void FlowClient::pump(Conn& c) {
  for (;;) {
    if (c.state == State::kSending) {
      if (!sendSome(c)) return;
    } else if (c.state == State::kReceiving) {
      if (!(c.udp ? receiveDatagram(c) : receiveSome(c))) return;
    } else {
      return;  // thinking, or closed
    }
  }
}

/// Sets up the next round's request; the caller pumps it out.
void FlowClient::beginRound(Conn& c) {
  const TemplatePlan& t = plan_.templates[c.tmpl];
  c.sent = 0;
  c.toSend = t.requestPrefix(roundOf(c)).size() + t.requestBytes;
  c.toReceive = t.answerBytes(roundOf(c));
  c.headRead = false;
  c.sawFirstByte = false;
  c.head.clear();
  nowNs_ = flowNowNs();  // a round may begin deep in one event's work: its own time
  c.requestNs = c.progressNs = nowNs_;
  c.state = State::kSending;
  armWait(c, c.udp ? udpTimers_[c.tmpl] : idleTimers_);
}

/// Sends what is left of the round's request; true when all of it has gone (the connection
/// has moved on: to its answer, its next round or its end).
bool FlowClient::sendSome(Conn& c) {
  const TemplatePlan& t = plan_.templates[c.tmpl];
  const std::string& head = t.requestPrefix(roundOf(c));
  while (c.sent < c.toSend) {
    const ssize_t n = streamSendPart(c.fd, c.tls, head, c.sent, c.toSend);
    if (n < 0) {
      if (errno == EAGAIN) return false;
      fail(c, failureOf(errno));
      return false;
    }
    c.sent += uint64_t(n);
    c.progressNs = nowNs_;
    addSingleWriter(counters(c).bytesSent, uint64_t(n));
    if (c.udp) break;  // one datagram a round
  }
  if (t.kind != ExchangeKind::kHttp && c.toReceive == 0)  // nothing comes back: the round is done
    roundDone(c);
  else
    c.state = State::kReceiving;
  return true;
}

bool FlowClient::receiveSome(Conn& c) {
  const TemplatePlan& t = plan_.templates[c.tmpl];
  for (;;) {
    const ssize_t n = streamReceive(c.fd, c.tls, scratch_, sizeof scratch_);
    if (n < 0) {
      if (errno == EAGAIN) return false;
      fail(c, failureOf(errno));
      return false;
    }
    if (n == 0) {  // the server closed before the whole answer
      fail(c, FlowFailure::kReset);
      return false;
    }
    nowNs_ = flowNowNs();
    PhaseCounters& counters = this->counters(c);
    addSingleWriter(counters.bytesReceived, uint64_t(n));
    c.progressNs = nowNs_;
    if (!c.sawFirstByte) {
      c.sawFirstByte = true;
      counters.firstByteTime.record(nowNs_ - c.requestNs);
    }
    size_t body = size_t(n);
    if (t.kind == ExchangeKind::kHttp && !c.headRead) {
      const HeadScan scan = scanHead(c.head, scratch_, size_t(n));
      if (scan.tooLong) return fail(c, FlowFailure::kInvalid), false;
      if (!scan.complete) continue;
      auto head = parseResponseHead(c.head);
      const bool wrong = !head || head->status != t.status || head->chunked || !head->hasLength ||
                         head->contentLength != t.responseBytes || (head->close && c.roundsLeft > 1);
      if (wrong) return fail(c, FlowFailure::kInvalid), false;
      c.headRead = true;
      if (t.headRequest) c.toReceive = 0;
      body = size_t(n) - scan.consumed;
    }
    if (body > c.toReceive) return fail(c, FlowFailure::kInvalid), false;  // more than was asked for
    if (t.kind == ExchangeKind::kReplay) {  // the captured answer, byte for byte
      const std::string& answer = t.responses[roundOf(c)];
      if (answer.compare(answer.size() - c.toReceive, body, scratch_, body) != 0) return fail(c, FlowFailure::kInvalid), false;
    }
    c.toReceive -= body;
    if (c.toReceive == 0 && (t.kind != ExchangeKind::kHttp || c.headRead)) {
      roundDone(c);
      return true;
    }
  }
}

bool FlowClient::receiveDatagram(Conn& c) {
  const TemplatePlan& t = plan_.templates[c.tmpl];
  const ssize_t n = ::recv(c.fd, scratch_, sizeof scratch_, 0);
  if (n < 0) {
    if (errno != EAGAIN) fail(c, failureOf(errno));
    return false;
  }
  nowNs_ = flowNowNs();
  PhaseCounters& counters = this->counters(c);
  addSingleWriter(counters.bytesReceived, uint64_t(n));
  if (uint64_t(n) != t.responseBytes) return fail(c, FlowFailure::kInvalid), false;
  counters.firstByteTime.record(nowNs_ - c.requestNs);
  roundDone(c);
  return true;
}

void FlowClient::roundDone(Conn& c) {
  const TemplatePlan& t = plan_.templates[c.tmpl];
  PhaseCounters& counters = this->counters(c);
  addSingleWriter(counters.transactions);
  if (t.answerBytes(roundOf(c)) || t.kind == ExchangeKind::kHttp) counters.lastByteTime.record(nowNs_ - c.requestNs);
  if (--c.roundsLeft == 0) return finish(c, true);
  if (t.thinkMs == 0) return beginRound(c);  // pumped by the caller's loop
  c.state = State::kThinking;
  armWait(c, thinkTimers_[c.tmpl]);
}

}  // namespace staccato::drone
