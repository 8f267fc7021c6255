#include "drone/flows/flow_client.h"

#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>

#include "common/core/error_text.h"

namespace staccato::drone {

namespace {

constexpr int kEventsPerWait = 256;
/// New connections a loop turn may open before it serves the ones it has.
constexpr uint64_t kStartsPerTurn = 64;
constexpr uint64_t kNsPerSecond = 1'000'000'000;

uint64_t nsOf(double seconds) { return uint64_t(std::llround(seconds * 1e9)); }

}  // namespace

FlowClient::FlowClient(FlowPlan plan, std::vector<FlowAddress> clients, std::vector<FlowAddress> servers, FlowSideStats& stats,
                       DescriptorBudget& budget, ClientLoopsSync* sync)
    : plan_(std::move(plan)),
      clients_(std::move(clients)),
      servers_(std::move(servers)),
      stats_(stats),
      budget_(budget),
      sync_(sync),
      picker_(plan_.templates),
      idleTimers_(nsOf(plan_.load.connectTimeout)) {
  for (const TemplatePlan& t : plan_.templates) {
    thinkTimers_.emplace_back(uint64_t(t.thinkMs) * 1'000'000);
    udpTimers_.emplace_back(uint64_t(t.timeoutMs) * 1'000'000);
  }
}

FlowClient::~FlowClient() {
  for (Conn& c : conns_) {
    if (c.tls) SSL_free(c.tls);
    if (c.fd >= 0) ::close(c.fd);
  }
  if (epoll_ >= 0) ::close(epoll_);
}

bool FlowClient::allDoneOpening() {
  if (!doneOpening_ && sync_) sync_->opening.fetch_sub(1, std::memory_order_acq_rel);
  doneOpening_ = true;
  return !sync_ || sync_->opening.load(std::memory_order_acquire) == 0;
}

Status FlowClient::run() {
  struct DoneOpening {  // however run() ends, the side's other loops do not wait for this one
    FlowClient* loop;
    ~DoneOpening() { loop->allDoneOpening(); }
  } doneOpening{this};
  if (clients_.empty() || servers_.empty()) return makeError("flows", "no client hosts or no servers to run between");
  for (const TemplatePlan& t : plan_.templates) {
    tls_.emplace_back();
    if (!t.tls) continue;
    auto context = TlsContext::forClient(t.tlsResume, plan_.load.concurrent);
    if (!context) return context.error();
    tls_.back() = std::move(*context);
  }
  epoll_ = ::epoll_create1(EPOLL_CLOEXEC);
  if (epoll_ < 0) return makeError("flows", "epoll: " + errorText(errno), ErrorKind::kExhausted);
  nowNs_ = flowNowNs();
  startNs_ = sync_ && sync_->startNs ? sync_->startNs : nowNs_;
  const uint64_t endNs = startNs_ + nsOf(plan_.load.duration());
  uint64_t drainUntil = 0;
  epoll_event events[kEventsPerWait];
  for (;;) {
    nowNs_ = flowNowNs();
    const double t = double(nowNs_ - startNs_) / 1e9;
    stats_.elapsedNs.store(nowNs_ - startNs_, std::memory_order_relaxed);
    if (!drainUntil && (nowNs_ >= endNs || stopping_.load(std::memory_order_relaxed)) && allDoneOpening()) {
      drainUntil = nowNs_ + idleTimers_.delayNs();
      cutAll(true);  // a think time is not an exchange under way
    }
    if (drainUntil) {
      if (open_ == 0) break;
      if (nowNs_ >= drainUntil) {
        cutAll(false);
        break;
      }
    } else if (!doneOpening_) {
      phase_ = plan_.load.phaseAt(t);
      startDue(nowNs_, t);
    }
    expireTimers(nowNs_);
    uint64_t wake = drainUntil ? drainUntil : endNs;
    wake = std::min(wake, idleTimers_.next());
    for (size_t i = 0; i < thinkTimers_.size(); ++i) wake = std::min({wake, thinkTimers_[i].next(), udpTimers_[i].next()});
    if (!drainUntil) wake = std::min(wake, nowNs_ + kNsPerSecond / 1000);  // the target moves with time
    const uint64_t waitNs = wake > nowNs_ ? wake - nowNs_ : 0;
    const timespec timeout{time_t(waitNs / kNsPerSecond), long(waitNs % kNsPerSecond)};
    const int n = ::epoll_pwait2(epoll_, events, kEventsPerWait, &timeout, nullptr);
    if (n < 0 && errno != EINTR) return makeError("flows", "epoll_pwait2: " + errorText(errno), ErrorKind::kInternal);
    for (int i = 0; i < n; ++i) {
      const uint32_t slot = uint32_t(events[i].data.u64), generation = uint32_t(events[i].data.u64 >> 32);
      nowNs_ = flowNowNs();  // each event's own time: latencies are not a batch's
      if (slot < conns_.size() && conns_[slot].generation == generation && conns_[slot].state != State::kFree)
        drive(slot, events[i].events);
    }
  }
  stats_.elapsedNs.store(flowNowNs() - startNs_, std::memory_order_relaxed);
  stats_.finished.store(true, std::memory_order_release);
  return Ok{};
}

void FlowClient::startDue(uint64_t nowNs, double t) {
  uint64_t wanted = 0;
  if (plan_.load.concurrent) {
    const uint64_t target = uint64_t(std::floor(plan_.load.targetAt(t)));
    wanted = target > open_ ? std::min(target - open_, kStartsPerTurn) : 0;
    const double allowed = std::floor(plan_.load.opensAllowedBy(t)) - double(started_);  // the open rate's bound
    wanted = std::min<uint64_t>(wanted, allowed > 0 ? uint64_t(std::min(allowed, double(kStartsPerTurn))) : 0);
  } else {
    const uint64_t due = uint64_t(std::floor(plan_.load.startsDueBy(t)));
    stats_.startsDue.store(due, std::memory_order_relaxed);
    const uint64_t behind = due > started_ ? due - started_ : 0;
    // One turn's batch is pacing, not falling behind.
    if (behind > kStartsPerTurn && behind > stats_.mostBehind.load(std::memory_order_relaxed))
      stats_.mostBehind.store(behind, std::memory_order_relaxed);
    wanted = std::min(behind, kStartsPerTurn);
  }
  for (uint64_t i = 0; i < wanted; ++i) {
    if (!budget_.take()) {  // the drone's descriptors: held back (and behind, at a rate), never failed
      addSingleWriter(stats_.descriptorLimited, wanted - i);
      return;
    }
    openConnection(nowNs);
  }
}

void FlowClient::openConnection(uint64_t nowNs) {
  ++started_;
  const size_t tmpl = picker_.next();
  const TemplatePlan& t = plan_.templates[tmpl];
  PhaseCounters& counters = stats_.of(tmpl).phase(phase_);
  addSingleWriter(counters.attempted);
  const bool udp = t.kind == ExchangeKind::kUdp;
  const FlowAddress& client = clients_[nextClient_++ % clients_.size()];
  const FlowAddress& server = servers_[nextServer_++ % servers_.size()];
  const int fd = ::socket(AF_INET, (udp ? SOCK_DGRAM : SOCK_STREAM) | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    budget_.give();
    return counters.fail(failureOf(errno));
  }
  if (const int err = bindToHost(fd, client, 0, !udp); err != 0) {
    ::close(fd);
    budget_.give();
    return counters.fail(FlowFailure::kLocal);
  }
  const int one = 1;
  if (!udp) ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  const sockaddr_in to = socketAddress(server.ipv4, t.port);
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&to), sizeof to) != 0 && errno != EINPROGRESS) {
    const int err = errno;
    ::close(fd);
    budget_.give();
    return counters.fail(failureOf(err));
  }
  const uint32_t slot = takeSlot(conns_, free_);
  Conn& c = conns_[slot];
  c.fd = fd;
  c.udp = udp;
  c.tmpl = uint16_t(tmpl);
  c.roundsLeft = t.rounds;
  c.startedNs = c.progressNs = nowNs;
  c.state = State::kConnecting;
  ++open_;  // before anything may finish it
  addSingleWriter(stats_.of(tmpl).open);
  epoll_event ev{};
  ev.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP | EPOLLET;
  ev.data.u64 = slot | uint64_t(c.generation) << 32;
  if (::epoll_ctl(epoll_, EPOLL_CTL_ADD, fd, &ev) != 0) return fail(c, FlowFailure::kLocal);
  if (udp) {  // nothing to wait for: the first request goes now
    addSingleWriter(counters.established);
    beginRound(c);
    pump(c);
    return;
  }
  armWait(c, idleTimers_);
}

void FlowClient::armWait(Conn& c, FixedDelayTimers& timers) {
  timers.arm(nowNs_, slotOf(c), c.generation, ++c.wait);
}

void FlowClient::expireTimers(uint64_t nowNs) {
  auto current = [&](const FlowDeadline& d) -> Conn* {
    Conn& c = conns_[d.slot];
    return c.generation == d.generation && c.wait == d.wait && c.state != State::kFree ? &c : nullptr;
  };
  idleTimers_.expire(nowNs, [&](const FlowDeadline& d) {
    Conn* c = current(d);
    if (!c) return;
    // Progress since it was armed: look again a timeout from now (kept in order; a stall is
    // seen between one and two timeouts after the last progress).
    if (c->state != State::kConnecting && c->progressNs + idleTimers_.delayNs() > nowNs) {
      idleTimers_.arm(nowNs, d.slot, d.generation, d.wait);
      return;
    }
    fail(*c, FlowFailure::kTimeout);
  });
  for (size_t i = 0; i < thinkTimers_.size(); ++i) {
    thinkTimers_[i].expire(nowNs, [&](const FlowDeadline& d) {
      if (Conn* c = current(d)) {
        beginRound(*c);
        pump(*c);
      }
    });
    udpTimers_[i].expire(nowNs, [&](const FlowDeadline& d) {
      if (Conn* c = current(d)) fail(*c, FlowFailure::kTimeout);
    });
  }
}

void FlowClient::finish(Conn& c, bool completed) {
  TemplateStats& s = stats_.of(c.tmpl);
  if (!c.udp) addSingleWriter(s.phase(phase_).retransmissions, retransmissionsOf(c.fd));
  if (c.tls) tlsClose(c.tls), c.tls = nullptr;
  if (completed) addSingleWriter(s.phase(phase_).completed);
  ::close(c.fd);
  budget_.give();
  c.fd = -1;
  c.state = State::kFree;
  ++c.generation;
  c.head.clear();
  free_.push_back(slotOf(c));
  --open_;
  s.open.store(s.open.load(std::memory_order_relaxed) - 1, std::memory_order_relaxed);
}

void FlowClient::fail(Conn& c, FlowFailure why) {
  counters(c).fail(why);
  finish(c, false);
}

void FlowClient::cutAll(bool thinkingOnly) {
  for (Conn& c : conns_) {
    if (c.state == State::kFree || (thinkingOnly && c.state != State::kThinking)) continue;
    addSingleWriter(stats_.of(c.tmpl).cutAtEnd);
    finish(c, false);
  }
}

}  // namespace staccato::drone
