#pragma once
/// `staccato-cli benchmark rfc2889 caching|learning` options: the three ports, the search's and
/// the trials' settings, the result file and the executor's settings; every value checked, errors
/// naming the option and what it allows. Apart from the command so that tests check it without a
/// drone.
#include <set>
#include <string>

#include "client/cli/args.h"
#include "client/core/benchmark/rfc2889_address_search.h"
#include "client/core/benchmark_drone/bench_ports.h"
#include "client/core/benchmark_drone/rfc2889_address_probe.h"

namespace staccato::cli {

enum class AddressTest { kCaching, kLearning };

std::set<std::string> rfc2889ValueOptions();
std::set<std::string> rfc2889FlagOptions();

struct Rfc2889Options {
  AddressTest test = AddressTest::kCaching;
  std::string learning, testPort, monitor;  ///< PORT or PORT@DRONE
  bench::CachingSettings caching;
  bench::LearningSettings learningRate;
  bench::AddressProbeSettings probe;
  bench::DroneExecutorSettings executor;
  std::string json;  ///< --json OUT.json ("" = none)
  bool quiet = false;
};

/// `test` is "caching" or "learning"; `args` the rest.
Result<Rfc2889Options> parseRfc2889Options(const std::string& test, const Args& args);

}  // namespace staccato::cli
