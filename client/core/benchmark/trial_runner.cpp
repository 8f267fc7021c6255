#include "client/core/benchmark/trial_runner.h"

#include <algorithm>

#include "client/core/benchmark/tester_rule.h"

namespace staccato::bench {

TrialRunner::TrialRunner(TrialExecutor& executor, const BenchmarkConfig& config, const Calibration& calibration,
                         const RunHooks& hooks, std::vector<TrialResult>& log)
    : executor_(executor), config_(config), calibration_(calibration), hooks_(hooks), log_(log) {}

void TrialRunner::setFrameSize(const FrameSize& size, size_t index, size_t count) {
  size_ = size;
  point_ = calibration_.find(size);
  sizeIndex_ = index;
  sizeCount_ = count;
}

double TrialRunner::testerCeiling() const {
  if (!point_) return 1.0;
  return std::min(1.0, point_->maxPps / ppsAt(1.0));
}

double TrialRunner::ppsAt(double load) const { return load * maxFrameRate(config_.lineRateBps, size_.averageBytes()); }

Result<TrialResult> TrialRunner::continuous(double load, double seconds, std::string_view test, std::string_view phase,
                                            bool latency) {
  TrialRequest q;
  q.kind = TrialKind::kContinuous;
  q.load = load;
  q.durationSeconds = seconds;
  q.latency = latency || config_.criteria.needsLatency();
  return run(q, test, phase);
}

Result<TrialResult> TrialRunner::burst(double load, uint64_t frames, double seconds, std::string_view test,
                                       std::string_view phase) {
  TrialRequest q;
  q.kind = TrialKind::kBurst;
  q.load = load;
  q.burstFrames = frames;
  q.durationSeconds = seconds;
  q.latency = config_.criteria.needsLatency();
  return run(q, test, phase);
}

Result<TrialResult> TrialRunner::run(TrialRequest q, std::string_view test, std::string_view phase) {
  q.frameSize = size_;
  q.pps = ppsAt(q.load);
  q.rampSeconds = q.kind == TrialKind::kBurst ? 0 : config_.trial.rampSeconds;
  q.learning = config_.trial.learning;
  const uint32_t attempts = 1 + config_.trial.receiverRetries;
  std::string repeatedBecause;
  for (uint32_t attempt = 1;; ++attempt) {
    if (hooks_.stopRequested && hooks_.stopRequested()) stopped_ = true;
    if (stopped_) return makeError("", "stopped", ErrorKind::kBusy);
    const uint32_t number = uint32_t(log_.size()) + 1;
    if (hooks_.progress)
      hooks_.progress({std::string(test), std::string(phase), size_.label(), sizeIndex_, sizeCount_, number, attempt,
                       q.load, q.pps, q.durationSeconds, q.burstFrames, repeatedBecause});
    executor_.nextTrial(number, test);
    auto r = executor_.run(q);
    if (!r) return r.error().withPrefix("trial " + std::to_string(number));
    r->number = number;
    r->test = std::string(test);
    r->phase = std::string(phase);
    r->request = q;
    judgeTester(*r, point_, config_.trial.testerTolerance, config_.flows());
    // A receiver that missed frames, or a sender that stalled before a loss, is the tester's
    // moment, not the device's: the trial runs again; every time: the tester's limit.
    const bool tainted = (r->receiverMissed || r->senderStalled) && !r->testerLimited;
    const bool retry = tainted && attempt < attempts;
    if (tainted && !retry) {
      r->testerLimited = true;
      r->testerLimitReason = r->receiverMissed ? "the receiver missed frames in " + std::to_string(attempts) + " attempts"
                                               : stallText(*r) + " in " + std::to_string(attempts) +
                                                     " attempts: " + stallConsequence(*r);
    }
    log_.push_back(*r);
    if (hooks_.trialDone) hooks_.trialDone(log_.back());
    if (!retry) return r;
    repeatedBecause = r->receiverMissed ? "the receiver missed frames" : stallText(*r);
  }
}

}  // namespace staccato::bench
