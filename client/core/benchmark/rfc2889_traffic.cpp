#include "client/core/benchmark/rfc2889_traffic.h"

#include <cmath>

#include "client/core/benchmark/highest_passing.h"

namespace staccato::bench {
namespace {

template <typename Member>
uint64_t sum(const std::vector<PairCount>& pairs, Member member) {
  uint64_t total = 0;
  for (const PairCount& p : pairs) total += member(p);
  return total;
}

}  // namespace

uint64_t TrafficTrial::sent() const { return sum(pairs, [](const PairCount& p) { return p.sent; }); }
uint64_t TrafficTrial::received() const { return sum(pairs, [](const PairCount& p) { return p.received; }); }
uint64_t TrafficTrial::lost() const { return sum(pairs, [](const PairCount& p) { return p.lost(); }); }
uint64_t TrafficTrial::elsewhere() const { return sum(pairs, [](const PairCount& p) { return p.elsewhere; }); }
bool TrafficTrial::heldBack() const { return sum(pairs, [](const PairCount& p) { return uint64_t(p.heldBack); }) > 0; }

const TrafficTrial* ThroughputSearch::heaviest() const {
  const TrafficTrial* best = nullptr;
  for (const TrafficTrial& t : trials)
    if (t.judged() && (!best || t.load > best->load)) best = &t;
  return best;
}

const TrafficTrial* ThroughputSearch::atThroughput() const {
  for (const TrafficTrial& t : trials)
    if (t.passed() && t.load == throughput) return &t;
  return nullptr;
}

Status checkThroughputSettings(const ThroughputSettings& s) {
  auto share = [](double v) { return std::isfinite(v) && v > 0 && v <= 1; };
  if (!share(s.maxLoad)) return makeError("max_load", "must be above 0 and at most 100 % of the line rate");
  if (!share(s.minLoad) || s.minLoad > s.maxLoad) return makeError("min_load", "must be above 0 and at most max_load");
  if (!std::isfinite(s.resolution) || s.resolution < 0.0001 || s.resolution > 0.5)
    return makeError("resolution", "must be 0.01..50 % of the line rate");
  return Ok{};
}

namespace {

Result<std::optional<bool>> trafficTrial(ThroughputSearch& search, const TrafficProbe& probe, double load,
                                         const std::function<void(const TrafficTrial&)>& trialDone,
                                         const std::function<bool()>& stopRequested) {
  return searchTrial<TrafficTrial>(
      search.trials, search.note, "at " + std::to_string(int(std::lround(load * 100))) + " %",
      [&]() { return probe(load); }, trialDone, stopRequested);
}

}  // namespace

Result<ThroughputSearch> oneTrial(double load, const TrafficProbe& probe,
                                        const std::function<void(const TrafficTrial&)>& trialDone,
                                        const std::function<bool()>& stopRequested) {
  ThroughputSearch search;
  auto step = trafficTrial(search, probe, load, trialDone, stopRequested);
  if (!step) return step.error();
  search.complete = search.note.empty();
  return search;
}

Result<ThroughputSearch> searchThroughput(const ThroughputSettings& settings, const TrafficProbe& probe,
                                          const std::function<void(const TrafficTrial&)>& trialDone,
                                          const std::function<bool()>& stopRequested) {
  if (auto s = checkThroughputSettings(settings); !s) return s.error();
  ThroughputSearch search;
  auto bracket = highestPassing(
      settings.maxLoad, settings.minLoad, [&](const Bracket& b) { return b.failed - b.passed <= settings.resolution; },
      [&](double load) { return trafficTrial(search, probe, load, trialDone, stopRequested); });
  if (!bracket) return bracket.error();
  const double passed = bracket->passed;
  search.throughput = passed;
  search.complete = search.note.empty();
  return search;
}

}  // namespace staccato::bench
