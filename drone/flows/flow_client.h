#pragma once
/// The client side of a flow run: one epoll loop that opens connections from the client hosts
/// to the servers at the plan's rate (or keeps the plan's number open), runs each template's
/// exchange on them and counts everything in FlowSideStats. Runs on the calling thread, which
/// must already be in the hosts' network namespace. Edge-triggered: one epoll_ctl per
/// connection; bodies are counted from one shared buffer, never stored.
#include <atomic>
#include <string>
#include <vector>

#include "drone/flows/flow_budget.h"
#include "drone/flows/flow_plan.h"
#include "drone/flows/flow_sockets.h"
#include "drone/flows/flow_stats.h"
#include "drone/flows/flow_timers.h"
#include "drone/flows/flow_tls.h"

namespace staccato::drone {

/// What one side's client loops share so that they run as one: the instant their phases count
/// from, and how many still open connections. A loop cuts its idle connections at the end only
/// once none does: a slot its cut frees at a limiting device is never taken by a late start of
/// another loop's.
struct ClientLoopsSync {
  explicit ClientLoopsSync(size_t loops) : opening(loops) {}
  uint64_t startNs = 0;
  std::atomic<size_t> opening;
};

class FlowClient {
 public:
  /// Each open connection holds one of `budget`'s descriptors. `sync`: shared with the side's
  /// other loops (none: this loop is the side).
  FlowClient(FlowPlan plan, std::vector<FlowAddress> clients, std::vector<FlowAddress> servers, FlowSideStats& stats,
             DescriptorBudget& budget, ClientLoopsSync* sync = nullptr);
  ~FlowClient();
  FlowClient(const FlowClient&) = delete;
  FlowClient& operator=(const FlowClient&) = delete;

  /// Until the plan's duration has passed (or stop()), then lets exchanges under way finish for
  /// up to the connect timeout; connections still open are closed and counted as cut.
  Status run();
  /// From any thread: end early, as if the duration had passed.
  void stop() { stopping_.store(true, std::memory_order_relaxed); }

 private:
  enum class State : uint8_t { kFree, kConnecting, kHandshaking, kSending, kReceiving, kThinking };
  struct Conn {
    int fd = -1;
    SSL* tls = nullptr;
    uint32_t generation = 0, wait = 0;
    State state = State::kFree;
    bool udp = false, sawFirstByte = false;
    uint16_t tmpl = 0;
    uint32_t roundsLeft = 0;
    uint64_t sent = 0, toSend = 0;  ///< of the round's request (HTTP: head then body)
    uint64_t toReceive = 0;         ///< of the round's answer (HTTP: body, once the head is read)
    bool headRead = false;
    uint64_t startedNs = 0, requestNs = 0, progressNs = 0;
    std::string head;  ///< an HTTP answer's head while it arrives (capacity kept for the slot's next use)
  };

  void startDue(uint64_t nowNs, double t);
  void openConnection(uint64_t nowNs);
  void drive(uint32_t slot, uint32_t events);
  void established(Conn& c);
  void handshake(Conn& c);
  uint32_t roundOf(const Conn& c) const { return plan_.templates[c.tmpl].rounds - c.roundsLeft; }
  void pump(Conn& c);
  bool sendSome(Conn& c);
  bool receiveSome(Conn& c);
  bool receiveDatagram(Conn& c);
  void beginRound(Conn& c);
  void roundDone(Conn& c);
  void fail(Conn& c, FlowFailure why);
  void finish(Conn& c, bool completed);
  void expireTimers(uint64_t nowNs);
  /// The end (or stop) came: stops opening; true once every loop of the side has.
  bool allDoneOpening();
  void cutAll(bool thinkingOnly);
  uint32_t slotOf(const Conn& c) const { return uint32_t(&c - conns_.data()); }
  PhaseCounters& counters(const Conn& c) { return stats_.of(c.tmpl).phase(phase_); }
  void armWait(Conn& c, FixedDelayTimers& timers);

  FlowPlan plan_;
  std::vector<FlowAddress> clients_, servers_;
  FlowSideStats& stats_;
  DescriptorBudget& budget_;
  ClientLoopsSync* sync_;
  bool doneOpening_ = false;
  TemplatePicker picker_;
  std::vector<Conn> conns_;
  std::vector<uint32_t> free_;
  FixedDelayTimers idleTimers_;                ///< connect timeout, and no progress for as long
  std::vector<FixedDelayTimers> thinkTimers_;  ///< per template
  std::vector<FixedDelayTimers> udpTimers_;    ///< per template
  std::vector<std::unique_ptr<TlsContext>> tls_;  ///< per template: TLS ones have one
  std::atomic<bool> stopping_{false};
  int epoll_ = -1;
  uint64_t startNs_ = 0, nowNs_ = 0, started_ = 0, open_ = 0;
  size_t nextClient_ = 0, nextServer_ = 0;
  FlowPhase phase_ = FlowPhase::kRampUp;
  char scratch_[kPayloadChunk];
};

}  // namespace staccato::drone
