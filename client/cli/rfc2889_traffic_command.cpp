// staccato-cli benchmark rfc2889 meshed, one-to-many, many-to-one (5.1, 5.2: throughput by binary
// search on the load per sending port, per-pair counts), congestion (5.5: one trial, head-of-line
// blocking and back pressure), forward pressure (5.6: a sweep of loads up to the line rate and one
// past it, the maximum forwarding rate), errored frames (5.9: valid, undersized and oversized
// frames side by side, what the device forwards of each) and broadcast (5.10: one port's broadcast frames counted
// on every other port, at one load).
#include "client/cli/rfc2889_traffic_command.h"

#include <algorithm>
#include <cmath>
#include <iostream>

#include "client/cli/benchmark_setup.h"
#include "client/cli/commands.h"
#include "client/cli/rfc2889_files.h"
#include "client/cli/run_guard.h"
#include "client/core/benchmark/rfc2889_traffic_result.h"
#include "common/core/clock.h"
#include "common/core/si_units.h"
#include "common/files/stream_file.h"

namespace staccato::cli {
namespace {

std::string trialText(const bench::TrafficTrial& t) {
  std::string text = "trial: " + formatSi(t.load * 100, "%") + " (" + formatSi(t.offeredFps, "fps") + " a port): " +
                     std::to_string(t.sent()) + " sent, " + std::to_string(t.received()) + " received, " +
                     std::to_string(t.lost()) + " lost";
  if (t.elsewhere()) text += ", " + std::to_string(t.elsewhere()) + " at a port they were not for";
  if (!t.judged()) return text + ": not judged (" + t.testerNote + ")";
  return text + (t.passed() ? ": passed" : ": failed");
}

/// What the answer line starts with ("" for broadcast, whose answer says it).
std::string patternLabel(bench::TrafficPattern p) {
  switch (p) {
    case bench::TrafficPattern::kMeshed: return "fully meshed: ";
    case bench::TrafficPattern::kOneToMany: return "one-to-many: ";
    case bench::TrafficPattern::kManyToOne: return "many-to-one: ";
    case bench::TrafficPattern::kCongestion: return "congestion control ";
    case bench::TrafficPattern::kErroredFrames: return "errored frames ";
    default: return "";
  }
}

/// A table of the pairs of `t`: what each sent, received and lost, and its average latency.
void printPairs(const bench::TrafficTrial& t) {
  std::cout << "  pair                              sent    received        lost   elsewhere   latency\n";
  for (const bench::PairCount& p : t.pairs) {
    char row[200];
    std::snprintf(row, sizeof row, "  %-28s %10llu  %10llu  %10llu  %10llu  %8.1f us\n", (p.tx + " -> " + p.rx).substr(0, 28).c_str(),
                  (unsigned long long)p.sent, (unsigned long long)p.received, (unsigned long long)p.lost(),
                  (unsigned long long)p.elsewhere, p.latencyAvgUs);
    std::cout << row;
  }
}

}  // namespace

int runRfc2889Traffic(const Rfc2889Options& o, const bench::DroneMap& drones, const std::vector<bench::Endpoint>& ports) {
  auto probe = bench::DroneTrafficProbe::open(drones, o.pattern(), ports, o.executor, o.traffic);
  if (!probe) return fail(probe.error().toString());
  RunGuard guard(0);
  bench::Rfc2889TrafficResult r;
  r.pattern = o.pattern();
  const bool searched = r.searched();
  r.generator = kBenchmarkGenerator;
  r.ports = o.ports;
  r.lineRateBps = (*probe)->lineRateBps();
  r.trialSeconds = o.traffic.seconds;
  r.size = o.traffic.size;
  r.settings = o.throughput;
  r.forwarding = o.forwarding;
  r.errored = o.traffic.errored;
  r.startNs = realtimeNs();
  auto trialDone = [&o](const bench::TrafficTrial& t) {
    if (!o.quiet) std::cerr << trialText(t) << "\n" << std::flush;
  };
  auto stopRequested = [] { return RunGuard::stopSignal() != 0; };
  auto found = searched    ? bench::searchThroughput(o.throughput, (*probe)->probe(), trialDone, stopRequested)
               : r.swept() ? bench::sweepForwarding(o.forwarding, bench::overloadFor(o.traffic.size.averageBytes()),
                                                    (*probe)->probe(), trialDone, stopRequested)
                           : bench::oneTrial(o.load, (*probe)->probe(), trialDone, stopRequested);
  if (found) r.search = std::move(*found);
  else r.error = found.error().toString();
  r.endNs = realtimeNs();
  std::cout << patternLabel(r.pattern) << r.answer() << "\n";
  // Errored frames: the answer names each kind's counts; its pairs would be one port pair three times.
  if (const bench::TrafficTrial* shown = searched ? r.search.atThroughput() : r.search.heaviest();
      shown && r.pattern != bench::TrafficPattern::kErroredFrames)
    printPairs(*shown);
  if (searched)
    if (const bench::TrafficTrial* heaviest = r.search.heaviest(); heaviest && heaviest != r.search.atThroughput())
      std::cout << "  at " << formatSi(heaviest->load * 100, "%") << " (the heaviest load): "
                << formatSi(bench::forwardingRate(*heaviest), "fps") << " forwarded, " << heaviest->lost() << " lost\n";
  if (auto s = writeRfc2889Files(o, r, bench::rfc2889TrafficJson(r)); !s) return fail(s.error().toString());
  std::vector<std::string> senders;
  const auto legs = bench::trafficLegs(r.pattern, o.ports.size());
  for (const bench::TrafficLeg& leg : legs ? *legs : std::vector<bench::TrafficLeg>{})
    if (std::find(senders.begin(), senders.end(), o.ports[leg.from]) == senders.end()) senders.push_back(o.ports[leg.from]);
  return guard.exitCode(r.complete() ? 0 : 1, senders, "the trials above");
}

}  // namespace staccato::cli
