#pragma once
/// `staccato-cli benchmark rfc2889 caching|learning|meshed|one-to-many|many-to-one|congestion|broadcast|
/// forward-pressure|errored-frames`
/// options: the ports, each
/// test's settings, the result file and the executor's settings; every value checked, errors
/// naming the option and what it allows. Apart from the command so that tests check it without
/// a drone.
#include <set>
#include <string>
#include <vector>

#include "client/cli/args.h"
#include "client/core/benchmark/rfc2889_address_search.h"
#include "client/core/benchmark/rfc2889_forwarding.h"
#include "client/core/benchmark/rfc2889_traffic.h"
#include "client/core/benchmark_drone/bench_ports.h"
#include "client/core/benchmark_drone/rfc2889_address_probe.h"
#include "client/core/benchmark_drone/rfc2889_traffic_probe.h"

namespace staccato::cli {

enum class Rfc2889Test { kCaching, kLearning, kMeshed, kOneToMany, kManyToOne, kCongestion, kBroadcast, kForwardPressure,
                         kErroredFrames };

std::set<std::string> rfc2889ValueOptions();
std::set<std::string> rfc2889FlagOptions();

struct Rfc2889Options {
  Rfc2889Test test = Rfc2889Test::kCaching;
  /// caching, learning: learning, test, monitor. meshed, congestion: --ports. broadcast,
  /// one-to-many, forward pressure, errored frames: --tx, then each --rx. many-to-one: --rx, then each --tx.
  std::vector<std::string> ports;  ///< PORT or PORT@DRONE
  bench::CachingSettings caching;
  bench::LearningSettings learningRate;
  bench::AddressProbeSettings probe;
  bench::ThroughputSettings throughput;   ///< meshed: the search (its first trial at --load)
  bench::ForwardingSettings forwarding;   ///< forward pressure: the sweep (up to --load)
  bench::TrafficProbeSettings traffic;    ///< meshed, broadcast: each trial's time and frame size
  double load = 1.0;                      ///< broadcast, congestion: the one trial's load (share of line rate)
  bench::DroneExecutorSettings executor;
  std::string json;    ///< --json OUT.json ("" = none)
  std::string report;  ///< --report OUT.html ("" = none)
  bool quiet = false;

  bool addressTest() const { return test == Rfc2889Test::kCaching || test == Rfc2889Test::kLearning; }
  /// The traffic pattern of a traffic test.
  bench::TrafficPattern pattern() const;
};

/// `test` is "caching", "learning", "meshed", "one-to-many", "many-to-one", "congestion",
/// "broadcast", "forward-pressure" or "errored-frames"; `args` the rest.
Result<Rfc2889Options> parseRfc2889Options(const std::string& test, const Args& args);

}  // namespace staccato::cli
