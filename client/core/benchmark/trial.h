#pragma once
/// One trial: what the runner asks the executor for (TrialRequest) and what came back
/// (TrialResult), and the generator's calibration every trial is checked against.
#include <cstdint>
#include <string>
#include <vector>

#include "client/core/benchmark/enum_names.h"
#include "client/core/benchmark/frame_size.h"
#include "client/core/benchmark/latency_histogram.h"

namespace staccato::bench {

enum class TrialKind {
  kContinuous,  ///< `pps` per flow for `durationSeconds`
  kBurst,       ///< `burstFrames` per flow back to back at `pps`, then wait until `durationSeconds`
};
template <>
struct EnumNames<TrialKind> {
  static constexpr std::pair<TrialKind, std::string_view> kAll[] = {{TrialKind::kContinuous, "continuous"},
                                                                    {TrialKind::kBurst, "burst"}};
};

struct TrialRequest {
  TrialKind kind = TrialKind::kContinuous;
  FrameSize frameSize;
  double load = 0;             ///< intended load per flow, fraction of line rate
  double pps = 0;              ///< the same as frames per second per flow
  double durationSeconds = 0;  ///< sending time (a burst: the whole trial, drain included)
  uint64_t burstFrames = 0;    ///< kBurst: frames per flow
  double rampSeconds = 0;      ///< rise linearly to `pps` over this long, before durationSeconds at full rate
  bool learning = true;        ///< learning frames and ARP/NDP first
  bool latency = false;        ///< latency histograms wanted (latency test, latency criteria)
  bool operator==(const TrialRequest&) const = default;
};

/// What a trial measured (all flows together) and how the runner judged it.
struct TrialResult {
  // Filled by the executor, after stopping, waiting for frames in flight and reading counters once.
  uint64_t txFrames = 0;
  uint64_t rxFrames = 0;
  uint64_t reordered = 0;
  uint64_t duplicated = 0;
  LatencyHistogram latency;   ///< all flows merged (when the request asked for latency)
  double durationSeconds = 0; ///< how long the generator really sent, ramp included (stretched when it
                              ///< could not keep up; a burst: from its first frame to its last)
  int64_t startNs = 0;        ///< realtime, ns since the Unix epoch
  int64_t endNs = 0;
  bool receiverMissed = false; ///< the receiver had no room for frames (PortStats.drone_rx_dropped): repeated, never loss
  /// How far behind its schedule the generator fell at worst (StreamStats.tx_max_late_ns): it
  /// then sent what was due back to back, a burst that a shaper or policer may drop.
  uint64_t senderLateNs = 0;
  /// How much of its schedule the generator let go (StreamStats.tx_skipped_ns, the longest
  /// flow's): it fell further behind than it was to catch up (StartTx max_catch_up_us) and so
  /// offered less rather than burst.
  uint64_t senderSkippedNs = 0;
  /// How long the generator waited for room at its port (StreamStats.tx_blocked_ns, the longest
  /// flow's): its frames were all still on their way into the device, which took them no faster.
  uint64_t senderBlockedNs = 0;
  bool testerLimited = false;  ///< the executor's own finding (e.g. a transmit error); the runner adds its rule
  std::string note;            ///< what the executor wants the report to say

  // Filled by the runner.
  uint32_t number = 0;        ///< 1.. in the benchmark, every attempt counted
  std::string test;           ///< "throughput", "latency", "loss", "b2b", "calibrate"
  std::string phase;          ///< e.g. "NDR", "search", "90 %", "burst 3"
  TrialRequest request;
  double offeredPps = 0;      ///< per flow: txFrames / flows / (durationSeconds - ramp / 2) (burst: its rate)
  double receivedPps = 0;     ///< per flow: rxFrames over the same time
  std::string testerLimitReason;  ///< why testerLimited, when it is
  /// Frames were lost after the generator fell behind its schedule by more than its pacing
  /// allows (senderPacingLimitNs): the loss may be its catch-up burst's; or it fell further
  /// behind than it was to catch up and so offered too little (letGap). Repeated, never loss.
  bool senderStalled = false;
  bool letGap() const { return senderSkippedNs > 0; }
  /// The generator offered less than intended because the device took frames no faster (its
  /// port pushed back for about as long as the missing frames take): the device's pace, counted
  /// at the load it really took (countedLoad), not a tester limit.
  bool devicePushedBack = false;
  bool counted = false;       ///< judged as the device's (not tester-limited, receiver saw everything, sender kept pace)

  /// The load the trial is evidence for: what it offered when the device pushed back, else what it asked.
  double countedLoad() const {
    return devicePushedBack && request.pps > 0 ? request.load * offeredPps / request.pps : request.load;
  }
  uint64_t lostFrames() const { return txFrames > rxFrames ? txFrames - rxFrames : 0; }
  double lossRatio() const { return txFrames ? double(lostFrames()) / double(txFrames) : 0; }
  bool operator==(const TrialResult&) const = default;
};

/// The highest rate this generator really sends and counts at one frame size (port to port or
/// through a loop cable), per port.
struct CalibrationPoint {
  FrameSize frameSize;
  double maxPps = 0;
  double lineRateBps = 0;  ///< of the ports it was measured on
  double kpps() const { return maxPps / 1e3; }
  double l1Mbps() const { return l1BitsPerSecond(maxPps, frameSize.averageBytes()) / 1e6; }
  double load() const { return lineRateBps > 0 ? l1BitsPerSecond(maxPps, frameSize.averageBytes()) / lineRateBps : 0; }
  bool operator==(const CalibrationPoint&) const = default;
};

struct Calibration {
  std::string setup;       ///< how it was measured, e.g. "drone a: eth1 -> eth2 (loop cable)"
  int64_t measuredNs = 0;  ///< realtime
  std::vector<CalibrationPoint> points;
  /// The point for `size`; null when not calibrated (then only offered load is checked).
  const CalibrationPoint* find(const FrameSize& size) const;
  bool operator==(const Calibration&) const = default;
};

}  // namespace staccato::bench
