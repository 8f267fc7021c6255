#pragma once
/// What the flow engine runs, made once from a checked profile (common/files/flow_profile.h):
/// each template with its defaults filled in and its HTTP heads written out, the weighted mix,
/// and the load curve (connections/s or concurrent connections over ramp-up, steady and
/// ramp-down). Pure arithmetic: the loops (flow_client.h, flow_server.h) ask it what is due.
#include <cstdint>
#include <string>
#include <vector>

#include "common/core/result.h"
#include "staccato/v1/flow.pb.h"

namespace staccato::drone {

enum class FlowPhase : uint8_t { kRampUp, kSteady, kRampDown };
inline constexpr size_t kFlowPhases = 3;
const char* flowPhaseName(FlowPhase phase);

/// kReplay: a captured TCP session's payloads (pcap templates), each round the client's turn
/// (empty when the server spoke first) and the server's answer to it.
enum class ExchangeKind : uint8_t { kTcp, kHttp, kUdp, kReplay };

struct TemplatePlan {
  std::string name;
  uint32_t weight = 1;
  uint16_t port = 0;
  ExchangeKind kind = ExchangeKind::kTcp;
  uint64_t requestBytes = 0;   ///< a round's (tcp, udp) or a request's body (http)
  uint64_t responseBytes = 0;  ///< a round's (tcp, udp) or a response's body (http)
  uint32_t rounds = 1;         ///< tcp and udp rounds, http transactions
  uint32_t thinkMs = 0;
  uint32_t timeoutMs = 0;  ///< udp: a response later than this is a failure
  bool keepAlive = false;
  bool headRequest = false;  ///< HEAD: the answer carries Content-Length but no body
  uint32_t status = 200;
  std::string requestHead;   ///< http: request line and headers, through the blank line
  std::string responseHead;  ///< http: what the server sends before the body
  bool tls = false;          ///< http over TLS 1.3
  bool tlsResume = false;    ///< clients resume sessions
  std::string certificatePem, keyPem;  ///< tls, the server's (both empty: one made for the run)
  std::vector<std::string> requests, responses;  ///< replay: each round's payloads, both ways

  /// What the client sends in `round` before the body (http: its head; replay: all of it).
  const std::string& requestPrefix(uint32_t round) const;
  /// What the server answers in `round` (http: the body).
  uint64_t answerBytes(uint32_t round) const;
};

/// The load over time. t counts seconds from the run's start.
struct LoadPlan {
  bool concurrent = false;  ///< target is concurrent connections, else connections/s
  double target = 0;
  double rampUp = 0, steady = 0, rampDown = 0;
  double connectTimeout = 3;
  double openRate = 0;  ///< concurrent: new connections a second at most (0: no bound)

  double duration() const { return rampUp + steady + rampDown; }
  FlowPhase phaseAt(double t) const;
  /// The target at t: rising linearly through ramp-up, flat, falling through ramp-down, 0 after.
  double targetAt(double t) const;
  /// Connections/s mode: how many connections should have started by t (the target's integral).
  double startsDueBy(double t) const;
  /// Concurrent mode: how many connections may have been opened by t (unbounded without openRate).
  double opensAllowedBy(double t) const;
};

struct FlowPlan {
  std::vector<TemplatePlan> templates;
  LoadPlan load;
};

/// Loop `loop`'s share of `plan` when `loops` loops run one side (one a core): the load's target
/// split between them (a concurrency in whole connections, the first loops taking the remainder).
FlowPlan loopShare(FlowPlan plan, size_t loop, size_t loops);

/// Fails, naming the template, for a pcap template the client did not fill the turns of.
Result<FlowPlan> planFlows(const v1::FlowProfile& profile);

/// Smooth weighted round robin: over any sum-of-weights window each template gets exactly its
/// weight's share, spread out rather than in runs.
class TemplatePicker {
 public:
  explicit TemplatePicker(const std::vector<TemplatePlan>& templates);
  size_t next();

 private:
  std::vector<int64_t> weight_, current_;
  int64_t total_ = 0;
};

}  // namespace staccato::drone
