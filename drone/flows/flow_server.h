#pragma once
/// The server side of a flow run: listening sockets bound to each configured server address
/// and template port (never the wildcard: nothing answers outside the profile's addresses), one
/// epoll loop that accepts and answers each template's exchange: raw TCP rounds, HTTP/1.1 (the
/// template chosen by the request's path when several share a port), UDP request/response.
/// Runs on the calling thread, which must already be in the servers' network namespace.
#include <atomic>
#include <string>
#include <vector>

#include "drone/flows/flow_budget.h"
#include "drone/flows/flow_plan.h"
#include "drone/flows/flow_sockets.h"
#include "drone/flows/flow_stats.h"
#include "drone/flows/flow_tls.h"

namespace staccato::drone {

class FlowServer {
 public:
  /// Each accepted connection holds one of `budget`'s descriptors; when none is left, accepting
  /// pauses (connections wait in the kernel's queue) until one closes.
  FlowServer(FlowPlan plan, std::vector<FlowAddress> servers, FlowSideStats& stats, DescriptorBudget& budget);
  ~FlowServer();
  FlowServer(const FlowServer&) = delete;
  FlowServer& operator=(const FlowServer&) = delete;

  /// Binds every address and port; an error names the one that failed.
  Status listen();
  /// Serves until stop(), or at the latest 30 s after the profile's phases and its connect
  /// timeout; connections open then are closed and counted as cut.
  Status run();
  void stop() { stopping_.store(true, std::memory_order_relaxed); }

 private:
  struct Listener {
    int fd = -1;
    bool udp = false;
    TlsContext* tls = nullptr;        ///< a TLS port's
    std::vector<uint16_t> templates;  ///< on this port (several only for HTTP, told apart by path)
  };
  enum class State : uint8_t { kFree, kHandshaking, kReading, kWriting };
  struct Conn {
    int fd = -1;
    SSL* tls = nullptr;
    uint32_t generation = 0, round = 0;  ///< round: replay's
    State state = State::kFree;
    uint16_t listener = 0, tmpl = 0;
    bool headRead = false, closeAfter = false;
    uint64_t toRead = 0, sent = 0, toSend = 0;
    const std::string* head = nullptr;  ///< the answer's head being sent (HTTP)
    std::string request;                ///< an HTTP request's head while it arrives
  };

  void accept(uint16_t listener);
  void setAccepting(bool on);
  void answerDatagrams(const Listener& l);
  /// The TLS context a port's templates share (nullptr: a plain port); an error names the
  /// template that cannot share it.
  Result<TlsContext*> tlsFor(const std::vector<uint16_t>& templates);
  void drive(Conn& c);
  bool handshake(Conn& c);
  /// After TCP's (and TLS's) handshake: wait for the first request, or speak first.
  void beginExchange(Conn& c);
  bool between(const Conn& c) const;
  bool readSome(Conn& c);
  bool writeSome(Conn& c);
  bool requestRead(Conn& c);
  void close(Conn& c, bool completed, FlowFailure why = FlowFailure::kReset);
  /// The phase by the server's own clock from run() (the client starts just after it).
  PhaseCounters& counters(const Conn& c) { return stats_.of(c.tmpl).phase(phase_); }

  FlowPlan plan_;
  std::vector<FlowAddress> servers_;
  FlowSideStats& stats_;
  DescriptorBudget& budget_;
  bool acceptPaused_ = false;
  std::vector<std::string> closeHeads_, keepHeads_;  ///< per template: the answer's whole head
  std::vector<Listener> listeners_;
  struct PortTls {
    uint16_t port;
    std::unique_ptr<TlsContext> tls;
  };
  std::vector<PortTls> tls_;
  std::vector<Conn> conns_;
  std::vector<uint32_t> free_;
  std::atomic<bool> stopping_{false};
  int epoll_ = -1;
  FlowPhase phase_ = FlowPhase::kRampUp;
  char scratch_[kPayloadChunk];
};

}  // namespace staccato::drone
