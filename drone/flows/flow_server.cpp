#include "drone/flows/flow_server.h"

#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <map>

#include "common/core/error_text.h"

namespace staccato::drone {

namespace {

constexpr int kEventsPerWait = 256;
constexpr int kBacklog = 65535;
constexpr int kStopCheckMs = 50;
/// Listeners are told apart from connections in epoll's data by this bit.
constexpr uint64_t kListenerTag = uint64_t(1) << 63;
/// A server ends this long after the profile's phases (and its connect timeout) even unstopped:
/// a client that died never leaves hosts answering on a lab's wire.
constexpr double kServerGraceSeconds = 30;

}  // namespace

FlowServer::FlowServer(FlowPlan plan, std::vector<FlowAddress> servers, FlowSideStats& stats, DescriptorBudget& budget)
    : plan_(std::move(plan)), servers_(std::move(servers)), stats_(stats), budget_(budget) {
  for (const TemplatePlan& t : plan_.templates) {
    closeHeads_.push_back(t.responseHead + "Connection: close\r\n\r\n");
    keepHeads_.push_back(t.responseHead + "Connection: keep-alive\r\n\r\n");
  }
}

FlowServer::~FlowServer() {
  for (Conn& c : conns_) {
    if (c.tls) SSL_free(c.tls);
    if (c.fd >= 0) ::close(c.fd);
  }
  for (Listener& l : listeners_)
    if (l.fd >= 0) ::close(l.fd);
  if (epoll_ >= 0) ::close(epoll_);
}

Status FlowServer::listen() {
  epoll_ = ::epoll_create1(EPOLL_CLOEXEC);
  if (epoll_ < 0) return makeError("flows", "epoll: " + errorText(errno), ErrorKind::kExhausted);
  std::map<std::pair<bool, uint16_t>, std::vector<uint16_t>> ports;  // (udp, port) -> templates
  for (size_t i = 0; i < plan_.templates.size(); ++i)
    ports[{plan_.templates[i].kind == ExchangeKind::kUdp, plan_.templates[i].port}].push_back(uint16_t(i));
  for (const FlowAddress& server : servers_) {
    for (const auto& [key, templates] : ports) {
      const auto [udp, port] = key;
      auto tls = tlsFor(templates);
      if (!tls) return tls.error();
      const std::string where = "servers: " + ipv4Text(server.ipv4) + (udp ? " udp/" : " tcp/") + std::to_string(port);
      const int fd = ::socket(AF_INET, (udp ? SOCK_DGRAM : SOCK_STREAM) | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
      if (fd < 0) return makeError(where, "socket: " + errorText(errno), ErrorKind::kExhausted);
      listeners_.push_back({fd, udp, *tls, templates});
      const int one = 1;
      ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
      if (const int err = bindToHost(fd, server, port, false); err != 0)
        return makeError(where, "cannot bind: " + errorText(err), err == EADDRINUSE ? ErrorKind::kBusy : ErrorKind::kUnavailable);
      if (!udp && ::listen(fd, kBacklog) != 0) return makeError(where, "listen: " + errorText(errno), ErrorKind::kUnavailable);
      epoll_event ev{};
      ev.events = EPOLLIN;
      ev.data.u64 = kListenerTag | (listeners_.size() - 1);
      if (::epoll_ctl(epoll_, EPOLL_CTL_ADD, fd, &ev) != 0) return makeError(where, "epoll: " + errorText(errno), ErrorKind::kExhausted);
    }
  }
  return Ok{};
}

Result<TlsContext*> FlowServer::tlsFor(const std::vector<uint16_t>& templates) {
  const TemplatePlan& first = plan_.templates[templates.front()];
  for (uint16_t i : templates) {
    const TemplatePlan& t = plan_.templates[i];
    if (t.tls != first.tls || t.certificatePem != first.certificatePem)
      return makeError("templates: " + t.name, "shares port " + std::to_string(t.port) + " with " + first.name +
                                                   ": templates on one port are all TLS with one certificate, or all plain");
  }
  if (!first.tls) return nullptr;
  for (const auto& context : tls_)  // one a port: made once for all its addresses
    if (context.port == first.port) return context.tls.get();
  bool resume = false;
  for (uint16_t i : templates) resume = resume || plan_.templates[i].tlsResume;
  auto context = TlsContext::forServer(first.certificatePem, first.keyPem, resume, plan_.load.concurrent);
  if (!context) return context.error().withPrefix("templates: " + first.name);
  tls_.push_back({first.port, std::move(*context)});
  return tls_.back().tls.get();
}

Status FlowServer::run() {
  const uint64_t startNs = flowNowNs();
  const double lastSeconds = plan_.load.duration() + plan_.load.connectTimeout + kServerGraceSeconds;
  epoll_event events[kEventsPerWait];
  while (!stopping_.load(std::memory_order_relaxed)) {
    const uint64_t elapsed = flowNowNs() - startNs;
    if (double(elapsed) / 1e9 >= lastSeconds) break;
    // Paused with none of its own to close: descriptors another run gave back count too.
    if (acceptPaused_ && budget_.inUse() < budget_.capacity()) setAccepting(true);
    stats_.elapsedNs.store(elapsed, std::memory_order_relaxed);
    phase_ = plan_.load.phaseAt(double(elapsed) / 1e9);
    const int n = ::epoll_wait(epoll_, events, kEventsPerWait, kStopCheckMs);
    if (n < 0 && errno != EINTR) return makeError("flows", "epoll_wait: " + errorText(errno), ErrorKind::kInternal);
    for (int i = 0; i < n; ++i) {
      const uint64_t data = events[i].data.u64;
      if (data & kListenerTag) {
        const auto index = uint16_t(data & 0xffff);
        if (listeners_[index].udp)
          answerDatagrams(listeners_[index]);
        else
          accept(index);
        continue;
      }
      const uint32_t slot = uint32_t(data), generation = uint32_t(data >> 32);
      if (slot < conns_.size() && conns_[slot].generation == generation && conns_[slot].state != State::kFree)
        drive(conns_[slot]);
    }
  }
  stopping_.store(true, std::memory_order_relaxed);  // (also when the grace ran out) what is cut has not failed
  for (Conn& c : conns_) {
    if (c.state == State::kFree) continue;
    addSingleWriter(stats_.of(c.tmpl).cutAtEnd);
    close(c, false);
  }
  stats_.finished.store(true, std::memory_order_release);
  return Ok{};
}

void FlowServer::accept(uint16_t index) {
  const Listener& l = listeners_[index];
  for (;;) {
    if (!budget_.take()) {
      setAccepting(false);
      addSingleWriter(stats_.descriptorLimited);
      return;
    }
    const int fd = ::accept4(l.fd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) {
      budget_.give();
      if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM)
        stats_.of(l.templates.front()).phase(phase_).fail(FlowFailure::kLocal);
      return;  // EAGAIN: all taken; a connection reset before accept is the kernel's to drop
    }
    const uint32_t slot = takeSlot(conns_, free_);
    Conn& c = conns_[slot];
    c.fd = fd;
    c.listener = index;
    c.tmpl = l.templates.front();
    c.headRead = c.closeAfter = false;
    c.request.clear();
    PhaseCounters& counters = this->counters(c);
    addSingleWriter(counters.attempted);
    addSingleWriter(counters.established);
    TemplateStats& s = stats_.of(c.tmpl);
    addSingleWriter(s.open);
    epoll_event ev{};
    ev.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP | EPOLLET;
    ev.data.u64 = slot | uint64_t(c.generation) << 32;
    if (::epoll_ctl(epoll_, EPOLL_CTL_ADD, fd, &ev) != 0) {
      close(c, false, FlowFailure::kLocal);
      continue;
    }
    if (l.tls) {
      c.tls = l.tls->open(fd);
      if (!c.tls) {
        close(c, false, FlowFailure::kLocal);
        continue;
      }
      c.state = State::kHandshaking;
    } else {
      beginExchange(c);
    }
    drive(c);
  }
}

void FlowServer::beginExchange(Conn& c) {
  const TemplatePlan& t = plan_.templates[c.tmpl];
  c.state = State::kReading;
  c.round = 0;
  c.toRead = t.kind == ExchangeKind::kTcp ? t.requestBytes : t.kind == ExchangeKind::kReplay ? t.requests[0].size() : 0;
  if (t.kind == ExchangeKind::kTcp && t.requestBytes == 0) {  // the server speaks first: every round at once
    c.state = State::kWriting;
    c.sent = 0;
    c.toSend = t.responseBytes * t.rounds;
    c.head = nullptr;
  } else if (t.kind == ExchangeKind::kReplay && c.toRead == 0) {  // the captured server spoke first
    requestRead(c);
  }
}

void FlowServer::setAccepting(bool on) {
  acceptPaused_ = !on;
  for (size_t i = 0; i < listeners_.size(); ++i) {
    if (listeners_[i].udp) continue;
    epoll_event ev{};
    ev.events = on ? EPOLLIN : 0;
    ev.data.u64 = kListenerTag | i;
    ::epoll_ctl(epoll_, EPOLL_CTL_MOD, listeners_[i].fd, &ev);
  }
}

void FlowServer::answerDatagrams(const Listener& l) {
  const TemplatePlan& t = plan_.templates[l.templates.front()];
  for (;;) {
    sockaddr_in from{};
    socklen_t size = sizeof from;
    const ssize_t n = ::recvfrom(l.fd, scratch_, sizeof scratch_, 0, reinterpret_cast<sockaddr*>(&from), &size);
    if (n < 0) return;
    PhaseCounters& counters = stats_.of(l.templates.front()).phase(phase_);
    addSingleWriter(counters.bytesReceived, uint64_t(n));
    if (uint64_t(n) != t.requestBytes) {
      counters.fail(FlowFailure::kInvalid);
      continue;
    }
    addSingleWriter(counters.transactions);
    if (t.responseBytes == 0) continue;
    const ssize_t sent = ::sendto(l.fd, payloadBytes(), t.responseBytes, MSG_DONTWAIT, reinterpret_cast<sockaddr*>(&from), size);
    if (sent > 0) addSingleWriter(counters.bytesSent, uint64_t(sent));
  }
}

void FlowServer::close(Conn& c, bool completed, FlowFailure why) {
  TemplateStats& s = stats_.of(c.tmpl);
  PhaseCounters& counters = this->counters(c);
  addSingleWriter(counters.retransmissions, retransmissionsOf(c.fd));
  if (c.tls) tlsClose(c.tls), c.tls = nullptr;
  if (completed)
    addSingleWriter(counters.completed);
  else if (!stopping_.load(std::memory_order_relaxed))  // cut at the end is not a failure
    counters.fail(why);
  ::close(c.fd);
  budget_.give();
  if (acceptPaused_) setAccepting(true);
  c.fd = -1;
  c.state = State::kFree;
  ++c.generation;
  free_.push_back(uint32_t(&c - conns_.data()));
  s.open.store(s.open.load(std::memory_order_relaxed) - 1, std::memory_order_relaxed);
}

}  // namespace staccato::drone
