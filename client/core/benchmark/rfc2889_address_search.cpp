#include "client/core/benchmark/rfc2889_address_search.h"

#include <cmath>

#include "client/core/benchmark/highest_passing.h"

namespace staccato::bench {
namespace {

constexpr uint64_t kMaxAddresses = uint64_t{1} << 24;
constexpr double kMaxPps = 1e9;

/// One trial of `search`: nullopt (with the note) when the search cannot go on.
Result<std::optional<bool>> runTrial(AddressSearch& search, const AddressProbe& probe, const AddressSearchHooks& hooks,
                                     uint64_t addresses, double pps) {
  return searchTrial<AddressTrial>(
      search.trials, search.note, "of " + std::to_string(addresses) + " addresses",
      [&]() { return probe(addresses, pps); }, hooks.trialDone, hooks.stopRequested);
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
    if (!*step) break;
    (**step ? passed : failed) = next;
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
  auto bracket = highestPassing(
      settings.maxPps, settings.minPps, [&](const Bracket& b) { return b.failed - b.passed <= settings.resolution * b.failed; },
      [&](double pps) -> Result<std::optional<bool>> {
        auto step = runTrial(search, probe, hooks, settings.addresses, pps);
        if (step && *step && **step) search.ratePps = std::max(search.ratePps, search.trials.back().learningPps);
        return step;
      });
  if (!bracket) return bracket.error();
  const double passed = bracket->passed, failed = bracket->failed;
  search.atLeast = failed == 0 && passed > 0;
  search.complete = search.note.empty();
  return search;
}

}  // namespace staccato::bench
