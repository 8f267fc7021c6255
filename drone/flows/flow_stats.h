#pragma once
/// A flow run's live numbers: per template and phase, counters and latency histograms written
/// by the one loop thread that runs the template's connections (plain stores, no locks) and
/// read at any time by the stats readers. Rates (connections/s, transactions/s, goodput) are
/// the readers' to work out from two readings.
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "common/core/single_writer.h"
#include "drone/flows/flow_plan.h"
#include "drone/rx/latency_histogram.h"

namespace staccato::drone {

/// Why a connection failed. kLocal is the tester's own limit (descriptors, source ports,
/// memory): never the device's, and reported apart.
enum class FlowFailure : uint8_t { kRefused, kReset, kTimeout, kInvalid, kLocal };
inline constexpr size_t kFlowFailureKinds = 5;
const char* flowFailureName(FlowFailure failure);

struct PhaseCounters {
  /// Client: connections begun, handshakes done, exchanges finished. Server: accepted (twice),
  /// connections the client closed after a whole exchange.
  std::atomic<uint64_t> attempted{0}, established{0}, completed{0};
  std::array<std::atomic<uint64_t>, kFlowFailureKinds> failed{};
  std::atomic<uint64_t> retransmissions{0};  ///< TCP segments the kernel sent again
  std::atomic<uint64_t> transactions{0};     ///< rounds, HTTP requests answered, UDP answers
  std::atomic<uint64_t> bytesSent{0}, bytesReceived{0};  ///< payload (HTTP: heads included)
  std::atomic<uint64_t> tlsHandshakes{0}, tlsResumed{0};  ///< TLS templates: handshakes done, resumed ones
  /// Client only: SYN to established (TLS: to the handshake's end), request's first byte sent
  /// to the answer's first and last.
  LatencyHistogram connectTime, firstByteTime, lastByteTime;

  void fail(FlowFailure f) { addSingleWriter(failed[size_t(f)]); }
  uint64_t failures() const;
};

class TemplateStats {
 public:
  PhaseCounters& phase(FlowPhase p) { return phases_[size_t(p)]; }
  const PhaseCounters& phase(FlowPhase p) const { return phases_[size_t(p)]; }
  /// Connections open now (single writer).
  std::atomic<uint64_t> open{0};
  /// Open at the run's end or stop: closed by us, neither completed nor failed.
  std::atomic<uint64_t> cutAtEnd{0};

 private:
  std::array<PhaseCounters, kFlowPhases> phases_;
};

/// One side's (client or server) numbers.
class FlowSideStats {
 public:
  explicit FlowSideStats(size_t templates);
  TemplateStats& of(size_t t) { return *templates_[t]; }
  const TemplateStats& of(size_t t) const { return *templates_[t]; }
  size_t size() const { return templates_.size(); }

  /// Client, connections/s: starts the load asked for by now, and how far behind it the client
  /// fell at most (its own limit: the device is not judged past it).
  std::atomic<uint64_t> startsDue{0}, mostBehind{0};
  /// Connections the drone's descriptor budget held back (client: not opened; server: accepts
  /// paused until one closed): the tester's limit, never the device's.
  std::atomic<uint64_t> descriptorLimited{0};
  std::atomic<uint64_t> elapsedNs{0};  ///< since the run's start, as last seen by its loop
  std::atomic<bool> finished{false};

 private:
  std::vector<std::unique_ptr<TemplateStats>> templates_;
};

}  // namespace staccato::drone
