#include "client/core/benchmark/rfc2889_forwarding.h"

#include <cmath>

#include "client/core/benchmark/highest_passing.h"
#include "common/core/si_units.h"

namespace staccato::bench {
namespace {

/// The forward pressure trial's load is above the line rate by (overload - 1); a device forwarding
/// more than half of that excess shortened the gap (well above what the clocks can blur over a
/// trial: 0.6 % at 64 B).
constexpr double kPressureShareOfExcess = 0.5;

std::string percent(double share) { return formatSi(share * 100, "%"); }

}  // namespace

Status checkForwardingSettings(const ForwardingSettings& s) {
  auto share = [](double v) { return std::isfinite(v) && v > 0 && v <= 1; };
  if (!share(s.maxLoad)) return makeError("max_load", "must be above 0 and at most 100 % of the line rate");
  if (!share(s.minLoad) || s.minLoad > s.maxLoad) return makeError("min_load", "must be above 0 and at most max_load");
  if (!std::isfinite(s.step) || s.step < 0.01 || s.step > 1) return makeError("step", "must be 1..100 % of the line rate");
  if ((s.maxLoad - s.minLoad) / s.step > 100) return makeError("step", "makes more than 100 trials: take a larger step");
  return Ok{};
}

double overloadFor(double frameBytes) { return (frameBytes + 20) / (frameBytes + 19); }

Result<ThroughputSearch> sweepForwarding(const ForwardingSettings& settings, double overload, const TrafficProbe& probe,
                                         const std::function<void(const TrafficTrial&)>& trialDone,
                                         const std::function<bool()>& stopRequested) {
  if (auto s = checkForwardingSettings(settings); !s) return s.error();
  if (!std::isfinite(overload) || overload <= 1 || overload > kMaxForwardPressureLoad)
    return makeError("overload", "must be above 100 % and at most 110 % of the line rate");
  std::vector<double> loads;
  for (double load = settings.minLoad; load < settings.maxLoad - 1e-9; load += settings.step) loads.push_back(load);
  loads.push_back(settings.maxLoad);
  loads.push_back(overload);
  ThroughputSearch search;
  for (double load : loads) {
    auto step = searchTrial<TrafficTrial>(
        search.trials, search.note, "at " + percent(load), [&]() { return probe(load); }, trialDone, stopRequested);
    if (!step) return step.error();
    if (!*step) return search;
  }
  search.complete = true;
  return search;
}

double forwardingRate(const TrafficTrial& t) {
  if (t.pairs.size() == 1 && t.pairs[0].receivedFps > 0) return t.pairs[0].receivedFps;
  return t.forwardedFps();
}

ForwardingVerdict forwardingOf(const ThroughputSearch& search, double lineFps) {
  ForwardingVerdict v;
  v.lineFps = lineFps;
  const TrafficTrial* pressure = nullptr;
  for (const TrafficTrial& t : search.trials) {
    if (!t.judged()) continue;
    if (forwardingRate(t) > v.maxForwardingFps) {
      v.maxForwardingFps = forwardingRate(t);
      v.mfrLoad = t.load;
    }
    if (t.load > 1) pressure = &t;
  }
  if (!pressure || pressure->pairs.size() != 1) {
    v.why = "no trial above the line rate was judged";
    return v;
  }
  const double threshold = lineFps * (1 + (pressure->load - 1) * kPressureShareOfExcess);
  v.overloadSentFps = pressure->pairs[0].sentFps;
  v.overloadForwardedFps = forwardingRate(*pressure);
  if (lineFps <= 0) {
    v.why = "the receiving port's line rate is not known";
  } else if (v.overloadSentFps <= threshold) {
    v.why = "the tester sent " + formatSi(v.overloadSentFps, "fps") + ", " + percent(v.overloadSentFps / lineFps) +
            " of the line rate: not enough above it to show forward pressure";
  } else {
    v.pressureJudged = true;
    v.forwardPressure = v.overloadForwardedFps > threshold;
  }
  return v;
}

std::string ForwardingVerdict::text() const {
  if (mfrLoad == 0) return "no trial was judged";
  std::string text = "maximum forwarding rate " + formatSi(maxForwardingFps, "fps");
  if (lineFps > 0) text += " (" + percent(maxForwardingFps / lineFps) + " of the line rate)";
  text += " at a load of " + percent(mfrLoad) + "; forward pressure: ";
  if (!pressureJudged) return text + "not judged (" + why + ")";
  return text + (forwardPressure ? "yes" : "no") + " (offered " + percent(overloadSentFps / lineFps) +
         " of the line rate with an 88-bit gap, forwarded " + percent(overloadForwardedFps / lineFps) + ")";
}

}  // namespace staccato::bench
