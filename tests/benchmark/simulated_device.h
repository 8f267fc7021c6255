#pragma once
/// A device under test as a model, for the benchmark's tests: a rate limiter with a queue (no loss
/// below its rate, loss above it once the queue is full; a burst fills the queue), behind a
/// generator with an optional ceiling that can stall, and a receiver that can miss frames.
/// Trials take no time.
#include <cstdint>
#include <random>
#include <vector>

#include "client/core/benchmark/trial_executor.h"

namespace staccato::bench::testing {

struct DeviceModel {
  double lineRateBps = 1e9;      ///< the tester's ports
  double rateBps = 300e6;        ///< the device forwards this many bits/s of frames (FCS included) per flow; 0 = any
  uint64_t queueFrames = 1000;   ///< frames the device buffers
  double testerCeilingPps = 0;   ///< the generator sends at most this per flow (0 = anything asked)
  /// The device takes at most this many frames a second per flow and holds the generator's
  /// frames until it took them (a veth peer's core): it pushes back, losing nothing (0 = never).
  double pushBackAbovePps = 0;
  double glitchProbability = 0;  ///< chance that a trial loses a few frames whatever the rate
  uint32_t seed = 1;
  unsigned receiverMissEvery = 0;    ///< every n-th trial, the receiver misses frames (0 = never)
  double receiverMissAbovePps = 0;   ///< the receiver misses frames above this rate per flow (0 = never)
  uint64_t baseLatencyNs = 20000;    ///< latency at no load; rises with load, and by the queue when it is full
  /// Every n-th trial (0 = never) the generator stalls for senderStallNs and catches up in a
  /// burst, which the device drops beyond its queue whatever its rate (as a shaper does).
  unsigned senderStallEvery = 0;
  uint64_t senderStallNs = 0;
  /// The generator catches up at most senderPacingLimitNs (as the drone executor asks its drones
  /// to): of a longer stall it lets the rest go, sending that much less; above its ceiling it
  /// lets go all along.
  bool boundedCatchUp = false;
};

class SimulatedDevice : public TrialExecutor {
 public:
  explicit SimulatedDevice(DeviceModel model) : model_(model), random_(model.seed) {}

  Status prepare(const FrameSize& size, const BenchmarkConfig& config) override;
  Result<TrialResult> run(const TrialRequest& request) override;

  /// The device's forwarding rate per flow at a frame size, in frames per second.
  double ratePps(const FrameSize& size) const;
  /// The load (fraction of line rate) from which a continuous trial of `seconds` loses more than
  /// `lossRatio`: the rate plus what the queue absorbs (every load below it passes).
  double thresholdLoad(const FrameSize& size, double seconds, double lossRatio) const;
  const std::vector<TrialRequest>& requests() const { return requests_; }
  unsigned prepared() const { return prepared_; }

 private:
  LatencyHistogram latency(double load, double queueSeconds, uint64_t frames) const;

  DeviceModel model_;
  std::mt19937 random_;
  unsigned flows_ = 1;
  unsigned prepared_ = 0;
  int64_t clockNs_ = 1'700'000'000'000'000'000;
  std::vector<TrialRequest> requests_;
};

}  // namespace staccato::bench::testing
