// The front door's loop. One thread owns every structure below; counts() reads atomics.
// Connections waiting for their first byte are kept in accept order, which is also the order of
// their deadlines (and of their age, for eviction).
#include "drone/edge/front_door.h"

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

#include <fcntl.h>

#include <cerrno>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "common/core/log.h"
#include "drone/edge/accept_batch.h"
#include "drone/edge/handed_off.h"

namespace staccato::drone::edge {
namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kReconcileEvery = std::chrono::seconds(1);
constexpr auto kReconcileAtMostEvery = std::chrono::milliseconds(50);
constexpr auto kAuthCheckEvery = std::chrono::milliseconds(100);
constexpr auto kAcceptPause = std::chrono::milliseconds(100);
constexpr auto kLogEvery = std::chrono::seconds(10);
constexpr uint64_t kWakeTag = ~uint64_t{0};
constexpr uint64_t kListenerTag = uint64_t{1} << 62;  // | the listener's index; connections: their id

/// Closes with an RST: a refused connection leaves no TIME_WAIT or FIN_WAIT behind.
void reset(UniqueFd fd) {
  const linger l{1, 0};
  ::setsockopt(fd.get(), SOL_SOCKET, SO_LINGER, &l, sizeof l);
}

bool hasSpoken(int fd) {
  char b;
  return ::recv(fd, &b, 1, MSG_PEEK | MSG_DONTWAIT) == 1;
}

struct Counters {
  std::atomic<uint64_t> accepted{0}, handedOff{0}, refusedPerAddress{0}, refusedAllInUse{0}, evictedSilent{0},
      closedSilent{0}, shedNoDescriptor{0}, acceptPauses{0}, endedUnauthenticated{0}, evictedUnauthenticated{0};
  std::atomic<int> open{0}, unauthenticated{0};
};

}  // namespace

class FrontDoor::Loop {
 public:
  Loop(Listeners listeners, FrontDoorOptions options)
      : listeners_(std::move(listeners)), options_(std::move(options)), admission_(options_.caps),
        epoll_(::epoll_create1(EPOLL_CLOEXEC)), wake_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)),
        pausedUntil_(listeners_.fds.size()) {
    watch(wake_.get(), EPOLLIN, kWakeTag);
    for (size_t i = 0; i < listeners_.fds.size(); ++i) watch(listeners_.fds[i].get(), EPOLLIN, kListenerTag | i);
    lastLog_ = reconciled_ = Clock::now();
    thread_ = std::thread([this] { run(); });
  }

  ~Loop() { stop(); }

  void stop() {
    if (!thread_.joinable()) return;
    const uint64_t one = 1;
    [[maybe_unused]] ssize_t n = ::write(wake_.get(), &one, sizeof one);
    thread_.join();
    for (auto& [id, w] : waiting_) reset(std::move(w.fd));
    waiting_.clear();
    listeners_.fds.clear();
  }

  FrontDoorCounts counts() const {
    return {c_.accepted, c_.handedOff, c_.refusedPerAddress, c_.refusedAllInUse, c_.evictedSilent,
            c_.closedSilent, c_.shedNoDescriptor, c_.acceptPauses, c_.endedUnauthenticated,
            c_.evictedUnauthenticated, c_.open, c_.unauthenticated};
  }

  void authenticated(const PeerAddress& peer) {
    if (options_.authDeadline.count() == 0) return;
    std::lock_guard lock(authMu_);
    if (authenticatedQueue_.size() < kMaxQueued) authenticatedQueue_.push_back(peer);
  }

 private:
  struct Waiting {
    UniqueFd fd;
    PeerAddress peer;
    Clock::time_point deadline;
  };
  /// Authentications reported since the loop last looked (bounded: a report lost to a full
  /// queue comes again with the connection's next call).
  static constexpr size_t kMaxQueued = 4096;

  void watch(int fd, uint32_t events, uint64_t tag) {
    epoll_event ev{events, {.u64 = tag}};
    ::epoll_ctl(epoll_.get(), EPOLL_CTL_ADD, fd, &ev);
  }

  void setListener(size_t i, uint32_t events) {
    epoll_event ev{events, {.u64 = kListenerTag | i}};
    ::epoll_ctl(epoll_.get(), EPOLL_CTL_MOD, listeners_.fds[i].get(), &ev);
  }

  void run() {
    std::vector<epoll_event> events(256);
    for (;;) {
      const int n = ::epoll_wait(epoll_.get(), events.data(), static_cast<int>(events.size()), timeoutMs());
      for (int i = 0; i < n; ++i) {
        const uint64_t tag = events[i].data.u64;
        if (tag == kWakeTag) return;
        if (tag & kListenerTag) onListener(tag & ~kListenerTag);
        else onConnection(tag);
      }
      const auto now = Clock::now();
      expireSilent(now);
      endUnauthenticated(now);
      for (size_t i = 0; i < pausedUntil_.size(); ++i)
        if (pausedUntil_[i] != Clock::time_point{} && now >= pausedUntil_[i]) {
          pausedUntil_[i] = {};
          setListener(i, EPOLLIN);
        }
      if (handedOff_.size() > 0 && now - reconciled_ >= kReconcileEvery) reconcileAll(now);
      c_.open = admission_.total();
      c_.unauthenticated = static_cast<int>(handedOff_.unauthenticated());
      if (now - lastLog_ >= kLogEvery) logSummary(now);
    }
  }

  int timeoutMs() const {
    const auto now = Clock::now();
    auto next = now + kReconcileEvery;
    if (!waiting_.empty()) next = std::min(next, waiting_.begin()->second.deadline);
    if (handedOff_.unauthenticated() > 0 && options_.authDeadline.count() > 0) next = std::min(next, now + kAuthCheckEvery);
    for (const auto& t : pausedUntil_)
      if (t != Clock::time_point{}) next = std::min(next, t);
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(next - now).count() + 1;
    return static_cast<int>(std::max<int64_t>(ms, 0));
  }

  void onListener(size_t i) {
    AcceptCounts counts;
    const AcceptResult r = acceptBatch(listeners_.fds[i].get(), reserve_, counts,
                                       [this](UniqueFd fd, const PeerAddress& peer) { admit(std::move(fd), peer); });
    c_.accepted += counts.accepted;
    c_.shedNoDescriptor += counts.shed;
    if (r == AcceptResult::kPause) {
      ++c_.acceptPauses;
      pausedUntil_[i] = Clock::now() + kAcceptPause;
      setListener(i, 0);
    }
  }

  void admit(UniqueFd fd, const PeerAddress& address) {
    const PeerKey& peer = address.key;
    Admission::Verdict v = admission_.check(peer);
    // The count of handed-off connections may be stale: look again before refusing. A peer's own
    // are few (at most its cap) and looked at every time; all of them at most every 50 ms.
    if (v == Admission::Verdict::kPeerFull && handedOff_.reconcile(peer, admission_) > 0) v = admission_.check(peer);
    const auto now = Clock::now();
    if (v == Admission::Verdict::kTotalFull && now - reconciled_ >= kReconcileAtMostEvery) {
      reconcileAll(now);
      v = admission_.check(peer);
    }
    if (v == Admission::Verdict::kTotalFull && evictOldestSilent()) v = admission_.check(peer);
    if (v == Admission::Verdict::kTotalFull && options_.authDeadline.count() > 0) {
      takeAuthenticated();  // a client's connection that just authenticated is not a candidate
      if (handedOff_.evictUnauthenticated(admission_)) {
        ++c_.evictedUnauthenticated;
        v = admission_.check(peer);
      }
    }
    if (v != Admission::Verdict::kAdmit) {
      ++(v == Admission::Verdict::kPeerFull ? c_.refusedPerAddress : c_.refusedAllInUse);
      lastRefused_ = peer;
      reset(std::move(fd));
      return;
    }
    const uint64_t id = nextId_++;
    watch(fd.get(), EPOLLIN | EPOLLRDHUP, id);
    admission_.add(peer);
    waiting_.emplace(id, Waiting{std::move(fd), address, now + options_.firstByte});
  }

  void onConnection(uint64_t id) {
    auto it = waiting_.find(id);
    if (it == waiting_.end()) return;
    char b;
    const ssize_t n = ::recv(it->second.fd.get(), &b, 1, MSG_PEEK | MSG_DONTWAIT);
    if (n == 1) return handOff(it);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
    admission_.remove(it->second.peer.key);  // closed before it said anything
    waiting_.erase(it);
  }

  void handOff(std::map<uint64_t, Waiting>::iterator it) {
    ::epoll_ctl(epoll_.get(), EPOLL_CTL_DEL, it->second.fd.get(), nullptr);
    // The door's own descriptor on the socket, to end it later; none left: not taken in.
    UniqueFd own(::fcntl(it->second.fd.get(), F_DUPFD_CLOEXEC, 0));
    if (!own) {
      ++c_.shedNoDescriptor;
      admission_.remove(it->second.peer.key);
      reset(std::move(it->second.fd));
      waiting_.erase(it);
      return;
    }
    handedOff_.add(it->second.peer, it->second.fd.get(), std::move(own), Clock::now());
    const int fd = it->second.fd.release();
    waiting_.erase(it);
    ++c_.handedOff;
    options_.handOff(fd);
  }

  /// Marks the connections whose calls passed the guard since the last look.
  void takeAuthenticated() {
    std::vector<PeerAddress> taken;
    {
      std::lock_guard lock(authMu_);
      taken.swap(authenticatedQueue_);
    }
    for (const PeerAddress& p : taken) handedOff_.authenticated(p);
  }

  void endUnauthenticated(Clock::time_point now) {
    if (options_.authDeadline.count() == 0 || handedOff_.unauthenticated() == 0) return;
    takeAuthenticated();
    c_.endedUnauthenticated += handedOff_.endUnauthenticated(now, options_.authDeadline, admission_);
  }

  /// Makes room by closing the oldest connection that has not sent anything yet.
  bool evictOldestSilent() {
    while (!waiting_.empty()) {
      auto oldest = waiting_.begin();
      // It may have spoken in this very batch of events: then it is no longer silent.
      if (hasSpoken(oldest->second.fd.get())) {
        handOff(oldest);
        continue;
      }
      ++c_.evictedSilent;
      admission_.remove(oldest->second.peer.key);
      reset(std::move(oldest->second.fd));
      waiting_.erase(oldest);
      return true;
    }
    return false;
  }

  void expireSilent(Clock::time_point now) {
    while (!waiting_.empty() && waiting_.begin()->second.deadline <= now) {
      auto oldest = waiting_.begin();
      ++c_.closedSilent;
      admission_.remove(oldest->second.peer.key);
      reset(std::move(oldest->second.fd));
      waiting_.erase(oldest);
    }
  }

  void reconcileAll(Clock::time_point now) {
    reconciled_ = now;
    handedOff_.reconcileAll(admission_);
  }

  /// One line per 10 s at most, only when connections were turned away.
  void logSummary(Clock::time_point now) {
    const FrontDoorCounts c = counts();
    const uint64_t perAddress = c.refusedPerAddress - logged_.refusedPerAddress,
                   allInUse = c.refusedAllInUse - logged_.refusedAllInUse,
                   evicted = c.evictedSilent - logged_.evictedSilent, silent = c.closedSilent - logged_.closedSilent,
                   shed = c.shedNoDescriptor - logged_.shedNoDescriptor, pauses = c.acceptPauses - logged_.acceptPauses,
                   unauthenticated = c.endedUnauthenticated - logged_.endedUnauthenticated,
                   evictedUnauthenticated = c.evictedUnauthenticated - logged_.evictedUnauthenticated;
    if (perAddress + allInUse + evicted + silent + shed + pauses + unauthenticated + evictedUnauthenticated == 0) return;
    std::string line = "connections in the last " +
                       std::to_string(std::chrono::duration_cast<std::chrono::seconds>(now - lastLog_).count()) + " s:";
    auto part = [&line](uint64_t n, const std::string& what) {
      if (n) line += " " + std::to_string(n) + " " + what + ";";
    };
    part(perAddress, "refused at " + std::to_string(options_.caps.perPeer) + " per address (the last from " +
                         lastRefused_.text() + ")");
    part(allInUse, "refused with all " + std::to_string(options_.caps.total) + " in use");
    part(evicted, "silent ones closed to make room");
    part(silent, "closed after " + std::to_string(options_.firstByte.count()) + " ms without a byte");
    part(shed, "closed at once: no descriptor left");
    part(unauthenticated, "ended after " + std::to_string(options_.authDeadline.count()) + " ms without an authenticated call");
    part(evictedUnauthenticated, "unauthenticated ones ended to make room");
    part(pauses, "accept pauses (the kernel was out of memory or descriptors)");
    log::warning(line + " " + std::to_string(c.open) + " open now");
    logged_ = c;
    lastLog_ = now;
  }

  Listeners listeners_;
  const FrontDoorOptions options_;
  Admission admission_;
  HandedOff handedOff_;
  ReserveFd reserve_;
  UniqueFd epoll_, wake_;
  std::map<uint64_t, Waiting> waiting_;  ///< by id: accept order
  std::vector<Clock::time_point> pausedUntil_;  ///< per listener; {} = polled
  uint64_t nextId_ = 1;
  Clock::time_point reconciled_, lastLog_;
  FrontDoorCounts logged_;
  PeerKey lastRefused_;
  Counters c_;
  std::mutex authMu_;
  std::vector<PeerAddress> authenticatedQueue_;  ///< under authMu_
  std::thread thread_;  // last: starts after everything it uses exists
};

FrontDoor::FrontDoor(Listeners listeners, FrontDoorOptions options)
    : loop_(std::make_unique<Loop>(std::move(listeners), std::move(options))) {}

FrontDoor::~FrontDoor() = default;

void FrontDoor::stop() { loop_->stop(); }

FrontDoorCounts FrontDoor::counts() const { return loop_->counts(); }

void FrontDoor::authenticated(std::string_view grpcPeer) {
  if (const auto peer = PeerAddress::fromGrpcPeer(grpcPeer)) loop_->authenticated(*peer);
}

void FrontDoor::authenticated(const PeerAddress& peer) { loop_->authenticated(peer); }

}  // namespace staccato::drone::edge
