#include "tests/benchmark/simulated_device.h"

#include <algorithm>
#include <cmath>

#include "client/core/benchmark/tester_rule.h"
#include "rpc/stats/latency_bucket_bounds.h"

namespace staccato::bench::testing {

Status SimulatedDevice::prepare(const FrameSize&, const BenchmarkConfig& config) {
  flows_ = config.flows();
  ++prepared_;
  return Ok{};
}

double SimulatedDevice::ratePps(const FrameSize& size) const {
  return model_.rateBps > 0 ? model_.rateBps / (8 * size.averageBytes()) : 1e18;
}

double SimulatedDevice::thresholdLoad(const FrameSize& size, double seconds, double lossRatio) const {
  // Frames are whole: a trial passes while floor(load x max rate x seconds) stays within them.
  const double forwarded = std::floor(ratePps(size) * seconds) + double(model_.queueFrames);
  const double frames = std::floor(forwarded / (1 - lossRatio) + 1e-9) + 1;
  return frames / seconds / maxFrameRate(model_.lineRateBps, size.averageBytes());
}

LatencyHistogram SimulatedDevice::latency(double load, double queueSeconds, uint64_t frames) const {
  LatencyHistogram h;
  if (frames == 0) return h;
  const uint64_t base = uint64_t(double(model_.baseLatencyNs) * (1 + load) + queueSeconds * 1e9);
  // 90 % near the base, 9 % a quarter above, 1 % at twice the base.
  const std::pair<uint64_t, uint64_t> spread[] = {{base, frames * 90 / 100}, {base + base / 4, frames * 9 / 100},
                                                  {2 * base, frames - frames * 90 / 100 - frames * 9 / 100}};
  h.subBucketBits = rpc::kLatencySubBucketBits;
  for (const auto& [ns, n] : spread) {
    if (n == 0) continue;
    h.index.push_back(uint32_t(rpc::latencyBucketOf(ns, h.subBucketBits)));
    h.count.push_back(n);
    h.avgNs += double(ns) * double(n) / double(frames);
  }
  h.samples = frames;
  h.minNs = base;
  h.maxNs = 2 * base;
  h.jitterNs = double(base) / 20;
  return h;
}

Result<TrialResult> SimulatedDevice::run(const TrialRequest& q) {
  requests_.push_back(q);
  const double rate = ratePps(q.frameSize);
  const double generated = model_.testerCeilingPps > 0 ? std::min(q.pps, model_.testerCeilingPps) : q.pps;
  const bool pushesBack = model_.pushBackAbovePps > 0 && generated > model_.pushBackAbovePps;
  const double offered = pushesBack ? model_.pushBackAbovePps : generated;
  double sent, forwarded, seconds;
  bool queueFull;
  if (q.kind == TrialKind::kBurst) {
    sent = double(q.burstFrames);
    seconds = sent / offered;
    const double backlog = sent - std::min(sent, rate * seconds);
    queueFull = backlog > double(model_.queueFrames);
    forwarded = sent - std::max(0.0, backlog - double(model_.queueFrames));
  } else {
    seconds = q.durationSeconds;
    sent = std::floor(offered * seconds);
    queueFull = offered > rate;
    forwarded = std::min(sent, std::floor(rate * seconds) + double(model_.queueFrames));
  }
  TrialResult r;
  r.txFrames = uint64_t(sent) * flows_;
  r.rxFrames = uint64_t(forwarded) * flows_;
  if (model_.glitchProbability > 0 && std::uniform_real_distribution<double>(0, 1)(random_) < model_.glitchProbability)
    r.rxFrames -= std::min<uint64_t>(r.rxFrames, 1 + r.txFrames / 100000);
  const bool missAbove = model_.receiverMissAbovePps > 0 && forwarded / seconds > model_.receiverMissAbovePps;
  const bool missEvery = model_.receiverMissEvery > 0 && requests_.size() % model_.receiverMissEvery == 0;
  if (missAbove || missEvery) {
    r.receiverMissed = true;
    r.rxFrames -= std::min<uint64_t>(r.rxFrames, r.rxFrames / 50 + 1);  // what the receiver missed looks like loss
  }
  r.senderLateNs = 20'000;  // a free sending core: microseconds
  // A generator that cannot keep the rate and may not catch up in full lets the rest go to the end.
  if (model_.boundedCatchUp && generated < q.pps && q.kind == TrialKind::kContinuous) {
    r.senderSkippedNs = uint64_t((1 - generated / q.pps) * seconds * 1e9);
    r.senderLateNs = senderPacingLimitNs(q.pps);
  }
  // Pushed back, the generator waits for room about as long as the frames it cannot send take.
  if (pushesBack) r.senderBlockedNs = uint64_t((1 - offered / generated) * seconds * 1e9);
  if (q.kind == TrialKind::kContinuous && model_.senderStallEvery > 0 && requests_.size() % model_.senderStallEvery == 0) {
    r.senderLateNs = model_.senderStallNs;
    if (const uint64_t bound = senderPacingLimitNs(q.pps); model_.boundedCatchUp && r.senderLateNs > bound) {
      r.senderSkippedNs = r.senderLateNs - bound;
      const uint64_t never = uint64_t(offered * double(r.senderSkippedNs) / 1e9) * flows_;  // frames not sent
      r.txFrames -= std::min(r.txFrames, never);
      r.rxFrames -= std::min(r.rxFrames, never);
      r.senderLateNs = bound;
    }
    const double burst = offered * double(r.senderLateNs) / 1e9;  // frames sent back to back
    const uint64_t dropped = uint64_t(std::max(0.0, burst - double(model_.queueFrames))) * flows_;
    r.rxFrames -= std::min(r.rxFrames, dropped);
  }
  if (q.latency) r.latency = latency(q.load, queueFull ? double(model_.queueFrames) / rate : 0, r.rxFrames);
  r.durationSeconds = seconds;
  r.startNs = clockNs_;
  clockNs_ += int64_t(std::max(seconds, q.durationSeconds) * 1e9) + 500'000'000;
  r.endNs = clockNs_;
  return r;
}

}  // namespace staccato::bench::testing
