#include "client/cli/rfc2889_args.h"

#include "client/cli/benchmark_args.h"

namespace staccato::cli {

std::set<std::string> rfc2889ValueOptions() {
  return {"--learning", "--test", "--monitor", "--aging", "--test-rate", "--max-addresses", "--learning-rate",
          "--resolution", "--addresses", "--min-rate", "--max-rate", "--drain", "--start-margin", "--clock-tolerance",
          "--learning-frames", "--json"};
}

std::set<std::string> rfc2889FlagOptions() { return {"--quiet", "--unsynchronized-start"}; }

namespace {

/// An option only the other test takes is refused, not ignored.
Status refuseOthers(const Args& args, const std::set<std::string>& others, const std::string& test) {
  for (const std::string& option : others)
    if (args.get(option)) return makeError(option, "is not an option of the " + test + " test");
  return Ok{};
}

}  // namespace

Result<Rfc2889Options> parseRfc2889Options(const std::string& test, const Args& args) {
  Rfc2889Options o;
  if (test == "caching") o.test = AddressTest::kCaching;
  else if (test == "learning") o.test = AddressTest::kLearning;
  else return makeError("", "'" + test + "' is not an RFC 2889 test (allowed: caching, learning)");
  if (!args.positional.empty()) return makeError("", "unexpected argument '" + args.positional[0] + "'");
  const auto learning = args.every("--learning"), testPort = args.every("--test"), monitor = args.every("--monitor");
  if (learning.size() != 1 || testPort.size() != 1 || monitor.size() != 1)
    return makeError("--learning", "name the three ports once each: --learning PORT --test PORT --monitor PORT "
                                   "(PORT or PORT@DRONE)");
  o.learning = learning[0];
  o.testPort = testPort[0];
  o.monitor = monitor[0];
  const auto aging = args.get("--aging");
  if (!aging)
    return makeError("--aging", "say how long the device keeps a learned address (a Linux bridge's ageing_time, "
                                "300 s on most switches): each trial waits that long first so that the device has "
                                "forgotten the last one's addresses");
  auto agingSeconds = decimalOption("--aging", *aging, 0, 3600);
  if (!agingSeconds) return agingSeconds.error();
  o.probe.agingSeconds = *agingSeconds;
  if (auto v = args.get("--test-rate")) {
    auto pps = decimalOption("--test-rate", *v, 1, 1e9);
    if (!pps) return pps.error();
    o.probe.testPps = *pps;
  }
  if (o.test == AddressTest::kCaching) {
    if (auto s = refuseOthers(args, {"--addresses", "--min-rate", "--max-rate"}, "caching"); !s) return s.error();
    auto max = args.number("--max-addresses", o.caching.maxAddresses, 1, uint64_t{1} << 24);
    if (!max) return max.error();
    o.caching.maxAddresses = *max;
    auto resolution = args.number("--resolution", 1, 1, *max);
    if (!resolution) return resolution.error();
    o.caching.resolution = *resolution;
    if (auto v = args.get("--learning-rate")) {
      auto pps = decimalOption("--learning-rate", *v, 1, 1e9);
      if (!pps) return pps.error();
      o.caching.learningPps = *pps;
    }
  } else {
    if (auto s = refuseOthers(args, {"--max-addresses", "--learning-rate"}, "learning"); !s) return s.error();
    o.probe.freshAddressesEachTrial = true;
    auto n = args.number("--addresses", o.learningRate.addresses, 1, uint64_t{1} << 24);
    if (!n) return n.error();
    o.learningRate.addresses = *n;
    for (auto [option, value] : {std::pair{"--min-rate", &o.learningRate.minPps}, {"--max-rate", &o.learningRate.maxPps}})
      if (auto v = args.get(option)) {
        auto pps = decimalOption(option, *v, 1, 1e9);
        if (!pps) return pps.error();
        *value = *pps;
      }
    if (o.learningRate.minPps > o.learningRate.maxPps)
      return makeError("--max-rate", "must be at least --min-rate (" + std::to_string(o.learningRate.minPps) + ")");
    if (auto v = args.get("--resolution")) {
      auto share = decimalOption("--resolution", *v, 0.0001, 0.5);
      if (!share) return share.error();
      o.learningRate.resolution = *share;
    }
  }
  if (auto s = applyExecutorOptions(args, o.executor); !s) return s.error();
  if (auto v = args.get("--json")) o.json = *v;
  o.quiet = args.has("--quiet");
  return o;
}

}  // namespace staccato::cli
