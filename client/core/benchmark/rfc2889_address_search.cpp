#include "client/core/benchmark/rfc2889_address_search.h"

#include <cmath>

namespace staccato::bench {
namespace {

constexpr uint64_t kMaxAddresses = uint64_t{1} << 24;
constexpr double kMaxPps = 1e9;

enum class Step { kPassed, kFailed, kStopped };

/// Runs one trial into `search`; kStopped (with the note) when the search cannot go on.
Result<Step> runTrial(AddressSearch& search, const AddressProbe& probe, const AddressSearchHooks& hooks,
                      uint64_t addresses, double pps) {
  if (hooks.stopRequested && hooks.stopRequested()) {
    search.note = "stopped before the search ended";
    return Step::kStopped;
  }
  auto trial = probe(addresses, pps);
  if (!trial) return trial.error();
  search.trials.push_back(*trial);
  if (hooks.trialDone) hooks.trialDone(*trial);
  if (!trial->judged()) {
    search.note = "the tester did not send the trial of " + std::to_string(addresses) + " addresses as asked (" +
                  trial->testerNote + "): it judges nothing, so the search stops";
    return Step::kStopped;
  }
  return trial->passed() ? Step::kPassed : Step::kFailed;
}

bool finiteIn(double v, double lo, double hi) { return std::isfinite(v) && v >= lo && v <= hi; }

}  // namespace

Status checkCachingSettings(const CachingSettings& s) {
  if (s.maxAddresses < 1 || s.maxAddresses > kMaxAddresses)
    return makeError("max_addresses", "must be 1.." + std::to_string(kMaxAddresses));
  if (s.resolution < 1 || s.resolution > s.maxAddresses)
    return makeError("resolution", "must be 1..max_addresses (" + std::to_string(s.maxAddresses) + ")");
  if (!finiteIn(s.learningPps, 1, kMaxPps)) return makeError("learning_rate", "must be 1..1e9 frames per second");
  return Ok{};
}

Status checkLearningSettings(const LearningSettings& s) {
  if (s.addresses < 1 || s.addresses > kMaxAddresses)
    return makeError("addresses", "must be 1.." + std::to_string(kMaxAddresses));
  if (!finiteIn(s.minPps, 1, kMaxPps)) return makeError("min_rate", "must be 1..1e9 frames per second");
  if (!finiteIn(s.maxPps, s.minPps, kMaxPps)) return makeError("max_rate", "must be min_rate..1e9 frames per second");
  if (!finiteIn(s.resolution, 1e-4, 0.5)) return makeError("resolution", "must be 0.0001..0.5 (a share of the rate)");
  return Ok{};
}

Result<CachingSearch> searchCachingCapacity(const CachingSettings& settings, const AddressProbe& probe,
                                            const AddressSearchHooks& hooks) {
  if (auto s = checkCachingSettings(settings); !s) return s.error();
  CachingSearch search;
  // `passed` addresses were all learned; `failed` were not (one past the range: none failed yet).
  uint64_t passed = 0, failed = settings.maxAddresses + 1;
  uint64_t next = settings.maxAddresses;
  while (failed - passed > settings.resolution) {
    auto step = runTrial(search, probe, hooks, next, settings.learningPps);
    if (!step) return step.error();
    if (*step == Step::kStopped) break;
    (*step == Step::kPassed ? passed : failed) = next;
    next = passed + (failed - passed) / 2;
    if (next == passed) break;  // resolution 1: nothing between them
  }
  search.capacity = passed;
  search.atLeast = passed == settings.maxAddresses;
  search.complete = search.note.empty();
  return search;
}

Result<LearningSearch> searchLearningRate(const LearningSettings& settings, const AddressProbe& probe,
                                          const AddressSearchHooks& hooks) {
  if (auto s = checkLearningSettings(settings); !s) return s.error();
  LearningSearch search;
  // Asked rates: `passed` learned every address (0 = none yet), `failed` did not.
  double passed = 0, failed = 0, next = settings.maxPps;
  for (;;) {
    auto step = runTrial(search, probe, hooks, settings.addresses, next);
    if (!step) return step.error();
    if (*step == Step::kStopped) break;
    const AddressTrial& t = search.trials.back();
    if (*step == Step::kPassed) {
      passed = next;
      search.ratePps = std::max(search.ratePps, t.learningPps);
    } else {
      failed = next;
    }
    if (failed == 0) break;  // the fastest rate passed
    if (passed == 0 && next <= settings.minPps) break;  // not even the slowest
    next = passed == 0 ? std::max(settings.minPps, failed / 2) : (passed + failed) / 2;
    if (passed > 0 && failed - passed <= settings.resolution * failed) break;
  }
  search.atLeast = failed == 0 && passed > 0;
  search.complete = search.note.empty();
  return search;
}

}  // namespace staccato::bench
