#include "client/core/benchmark/back_to_back.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "client/core/benchmark/trial_verdict.h"

namespace staccato::bench {
namespace {

enum class Outcome { kPass, kFail, kTesterLimited };

struct BurstSearch {
  TrialRunner& runner;
  const BackToBackSettings& settings;
  double load;
  std::string testerReason;

  Result<Outcome> trial(uint64_t frames, const std::string& phase) {
    auto r = runner.burst(load, frames, settings.trialSeconds, "b2b", phase);
    if (!r) return r.error();
    if (!r->counted) {
      testerReason = r->testerLimitReason;
      return Outcome::kTesterLimited;
    }
    return r->lostFrames() == 0 ? Outcome::kPass : Outcome::kFail;
  }

  /// The longest loss-free burst up to `maxBurst`, starting at `hint`; 0 when even one frame is
  /// lost; nullopt when the tester limited a trial.
  Result<std::optional<uint64_t>> longest(uint64_t hint, uint64_t maxBurst, const std::string& phase) {
    uint64_t lo = 0, hi = 0;  // the longest burst that passed, the shortest that failed (0 = none)
    uint64_t next = std::clamp<uint64_t>(hint, 1, maxBurst);
    for (;;) {
      auto o = trial(next, phase);
      if (!o) return o.error();
      if (*o == Outcome::kTesterLimited) return std::optional<uint64_t>{};
      (*o == Outcome::kPass ? lo : hi) = next;
      if (hi == 0) {
        if (lo >= maxBurst) return std::optional<uint64_t>{lo};
        next = std::min(maxBurst, lo * 2);
      } else if (lo == 0 && hi == 1) {
        return std::optional<uint64_t>{0};
      } else if (hi - lo <= std::max<uint64_t>(1, uint64_t(settings.relativePrecision * double(hi)))) {
        return std::optional<uint64_t>{lo};
      } else {
        next = lo == 0 ? hi / 2 : lo + (hi - lo) / 2;
      }
    }
  }
};

}  // namespace

void setBufferTimes(BackToBackResult& b) {
  if (b.burstPps <= 0) return;
  b.impliedBufferSeconds = b.averageFrames / b.burstPps;
  if (b.throughputPps > 0)
    b.correctedBufferSeconds = (b.averageFrames - b.throughputPps * b.averageFrames / b.burstPps) / b.burstPps;
}

Result<BackToBackResult> backToBack(TrialRunner& runner, const BackToBackSettings& settings, double throughputPps) {
  BackToBackResult b;
  b.burstLoad = runner.testerCeiling();
  b.burstPps = runner.ppsAt(b.burstLoad);
  b.throughputPps = throughputPps;
  if (b.burstLoad < 1) b.note = "bursts at " + percentText(b.burstLoad) + " of line rate, this generator's ceiling";
  if (throughputPps >= b.burstPps * (1 - runner.tolerance())) {
    if (b.burstLoad < 1) {
      b.testerLimited = true;
      b.note = "tester-limited: this generator's bursts (" + percentText(b.burstLoad) +
               " of line rate) are no faster than the device forwards, so no buffer fills";
    } else {
      b.note = "the throughput equals the line rate: the device forwards every burst, there is no buffer to measure (RFC 9004)";
    }
    return b;
  }
  const uint64_t maxBurst = std::max<uint64_t>(1, uint64_t(std::llround(b.burstPps * settings.maxBurstSeconds)));
  BurstSearch search{runner, settings, b.burstLoad, {}};
  uint64_t hint = maxBurst;
  for (unsigned i = 0; i < settings.trials; ++i) {
    auto longest = search.longest(hint, maxBurst, "search " + std::to_string(i + 1) + "/" + std::to_string(settings.trials));
    if (!longest) return longest.error();
    if (!longest->has_value()) {
      b.testerLimited = true;
      b.note = "tester-limited: " + search.testerReason;
      break;
    }
    b.bursts.push_back(**longest);
    if (**longest >= maxBurst) {
      b.note = "no loss at the longest burst tried (" + std::to_string(maxBurst) +
               " frames): the device buffers more than b2b.max_burst_seconds fills";
      break;
    }
    hint = std::max<uint64_t>(1, **longest);
  }
  if (!b.bursts.empty())
    b.averageFrames = double(std::accumulate(b.bursts.begin(), b.bursts.end(), uint64_t{0})) / double(b.bursts.size());
  setBufferTimes(b);
  return b;
}

}  // namespace staccato::bench
