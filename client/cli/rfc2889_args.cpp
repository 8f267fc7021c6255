#include "client/cli/rfc2889_args.h"

#include "client/cli/benchmark_args.h"

namespace staccato::cli {

std::set<std::string> rfc2889ValueOptions() {
  return {"--learning", "--test", "--monitor", "--ports", "--tx", "--rx", "--aging", "--test-rate", "--max-addresses",
          "--learning-rate", "--resolution", "--addresses", "--min-rate", "--max-rate", "--load", "--min-load", "--step",
          "--duration", "--size", "--undersize", "--oversize", "--drain", "--start-margin", "--clock-tolerance", "--learning-frames", "--json",
          "--report"};
}

std::set<std::string> rfc2889FlagOptions() { return {"--quiet", "--unsynchronized-start"}; }

namespace {

/// The options each test takes beyond the common ones; any other is refused, not ignored.
const std::map<Rfc2889Test, std::set<std::string>> kOwnOptions{
    {Rfc2889Test::kCaching, {"--learning", "--test", "--monitor", "--aging", "--test-rate", "--max-addresses", "--learning-rate", "--resolution"}},
    {Rfc2889Test::kLearning, {"--learning", "--test", "--monitor", "--aging", "--test-rate", "--addresses", "--min-rate", "--max-rate", "--resolution"}},
    {Rfc2889Test::kMeshed, {"--ports", "--load", "--min-load", "--resolution", "--duration", "--size"}},
    {Rfc2889Test::kOneToMany, {"--tx", "--rx", "--load", "--min-load", "--resolution", "--duration", "--size"}},
    {Rfc2889Test::kManyToOne, {"--tx", "--rx", "--load", "--min-load", "--resolution", "--duration", "--size"}},
    {Rfc2889Test::kCongestion, {"--ports", "--load", "--duration", "--size"}},
    {Rfc2889Test::kBroadcast, {"--tx", "--rx", "--load", "--duration", "--size"}},
    {Rfc2889Test::kForwardPressure, {"--tx", "--rx", "--load", "--min-load", "--step", "--duration", "--size"}},
    {Rfc2889Test::kErroredFrames, {"--tx", "--rx", "--load", "--duration", "--size", "--undersize", "--oversize"}},
};
const std::set<std::string> kCommonOptions{"--drain", "--start-margin", "--clock-tolerance", "--learning-frames", "--json",
                                           "--report"};

Status refuseOthers(const Args& args, Rfc2889Test test, const std::string& name) {
  for (const std::string& option : rfc2889ValueOptions())
    if (args.get(option) && !kOwnOptions.at(test).count(option) && !kCommonOptions.count(option))
      return makeError(option, "is not an option of the " + name + " test");
  return Ok{};
}

/// A decimal option into `value` when given.
Status decimalInto(const Args& args, const std::string& option, double min, double max, double& value, double scale = 1) {
  if (auto v = args.get(option)) {
    auto d = decimalOption(option, *v, min, max);
    if (!d) return d.error();
    value = *d * scale;
  }
  return Ok{};
}

Status parseAddressTest(const Args& args, Rfc2889Options& o) {
  const auto learning = args.every("--learning"), test = args.every("--test"), monitor = args.every("--monitor");
  if (learning.size() != 1 || test.size() != 1 || monitor.size() != 1)
    return makeError("--learning", "name the three ports once each: --learning PORT --test PORT --monitor PORT "
                                   "(PORT or PORT@DRONE)");
  o.ports = {learning[0], test[0], monitor[0]};
  const auto aging = args.get("--aging");
  if (!aging)
    return makeError("--aging", "say how long the device keeps a learned address (a Linux bridge's ageing_time, "
                                "300 s on most switches): each trial waits that long first so that the device has "
                                "forgotten the last one's addresses");
  if (auto s = decimalInto(args, "--aging", 0, 3600, o.probe.agingSeconds); !s) return s;
  if (auto s = decimalInto(args, "--test-rate", 1, 1e9, o.probe.testPps); !s) return s;
  if (o.test == Rfc2889Test::kCaching) {
    auto max = args.number("--max-addresses", o.caching.maxAddresses, 1, uint64_t{1} << 24);
    if (!max) return max.error();
    o.caching.maxAddresses = *max;
    auto resolution = args.number("--resolution", 1, 1, *max);
    if (!resolution) return resolution.error();
    o.caching.resolution = *resolution;
    return decimalInto(args, "--learning-rate", 1, 1e9, o.caching.learningPps);
  }
  o.probe.freshAddressesEachTrial = true;
  auto n = args.number("--addresses", o.learningRate.addresses, 1, uint64_t{1} << 24);
  if (!n) return n.error();
  o.learningRate.addresses = *n;
  if (auto s = decimalInto(args, "--min-rate", 1, 1e9, o.learningRate.minPps); !s) return s;
  if (auto s = decimalInto(args, "--max-rate", 1, 1e9, o.learningRate.maxPps); !s) return s;
  if (o.learningRate.minPps > o.learningRate.maxPps)
    return makeError("--max-rate", "must be at least --min-rate (" + std::to_string(o.learningRate.minPps) + ")");
  return decimalInto(args, "--resolution", 0.0001, 0.5, o.learningRate.resolution);
}

Status parseTrafficTest(const Args& args, Rfc2889Options& o) {
  if (o.test == Rfc2889Test::kMeshed || o.test == Rfc2889Test::kCongestion) {
    const bool congestion = o.test == Rfc2889Test::kCongestion;
    const auto ports = args.every("--ports");
    if (ports.size() != 1) return makeError("--ports", "name the ports once: --ports PORT,PORT[,PORT...] (PORT or PORT@DRONE)");
    o.ports = splitCommas(ports[0]);
    if (congestion && o.ports.size() != 4)
      return makeError("--ports", "name four ports: the two senders, the congested port, the uncongested one");
    if (o.ports.size() < 2 || o.ports.size() > 16) return makeError("--ports", "name 2..16 ports, separated by commas");
  } else {
    // The one port first (the legs' port 0): the sender, or many-to-one's receiver.
    const bool manyToOne = o.test == Rfc2889Test::kManyToOne;
    const auto tx = args.every("--tx"), rx = args.every("--rx");
    const char* usage = manyToOne ? "name the sending ports and the receiving one: --tx PORT[,PORT...] --rx PORT (PORT or PORT@DRONE)"
                                  : "name the sending port and the others: --tx PORT --rx PORT[,PORT...] (PORT or PORT@DRONE)";
    if (tx.size() != 1 || rx.size() != 1) return makeError("--tx", usage);
    const std::vector<std::string> many = splitCommas(manyToOne ? tx[0] : rx[0]);
    o.ports = {manyToOne ? rx[0] : tx[0]};
    if (o.ports[0].find(',') != std::string::npos) return makeError(manyToOne ? "--rx" : "--tx", usage);
    o.ports.insert(o.ports.end(), many.begin(), many.end());
    if (o.ports.size() > 16) return makeError(manyToOne ? "--tx" : "--rx", "name 1..15 ports, separated by commas");
    if ((o.test == Rfc2889Test::kForwardPressure || o.test == Rfc2889Test::kErroredFrames) && o.ports.size() != 2)
      return makeError("--rx", "name the one receiving port: this test measures one port's way out");
  }
  if (auto s = decimalInto(args, "--load", 0, 100, o.load, 0.01); !s) return s;
  if (o.load <= 0) return makeError("--load", "must be above 0 and at most 100 (% of the line rate)");
  o.throughput.maxLoad = o.load;
  if (o.test == Rfc2889Test::kForwardPressure) {
    o.forwarding.maxLoad = o.load;
    if (auto s = decimalInto(args, "--min-load", 1, 100, o.forwarding.minLoad, 0.01); !s) return s;
    if (auto s = decimalInto(args, "--step", 1, 100, o.forwarding.step, 0.01); !s) return s;
    if (o.forwarding.minLoad > o.forwarding.maxLoad) return makeError("--min-load", "must be at most --load");
    if (auto s = bench::checkForwardingSettings(o.forwarding); !s) return makeError("--step", s.error().message);
  }
  if (auto s = decimalInto(args, "--min-load", 0.01, 100, o.throughput.minLoad, 0.01); !s) return s;
  if (o.throughput.minLoad > o.throughput.maxLoad) return makeError("--min-load", "must be at most --load");
  if (auto s = decimalInto(args, "--resolution", 0.01, 50, o.throughput.resolution, 0.01); !s) return s;
  if (auto s = decimalInto(args, "--duration", 0.1, 3600, o.traffic.seconds); !s) return s;
  if (auto v = args.get("--size")) {
    auto size = bench::parseFrameSize(*v);
    if (!size) return size.error().withPrefix("--size");
    o.traffic.size = *size;
  }
  auto undersize = args.number("--undersize", o.traffic.errored.undersize, bench::kMinUndersizeBytes, 63);
  if (!undersize) return undersize.error();
  auto oversize = args.number("--oversize", o.traffic.errored.oversize, 1519, bench::kMaxOversizeBytes);
  if (!oversize) return oversize.error();
  o.traffic.errored = {uint32_t(*undersize), uint32_t(*oversize)};
  return Ok{};
}

}  // namespace

bench::TrafficPattern Rfc2889Options::pattern() const {
  switch (test) {
    case Rfc2889Test::kOneToMany: return bench::TrafficPattern::kOneToMany;
    case Rfc2889Test::kManyToOne: return bench::TrafficPattern::kManyToOne;
    case Rfc2889Test::kCongestion: return bench::TrafficPattern::kCongestion;
    case Rfc2889Test::kBroadcast: return bench::TrafficPattern::kBroadcast;
    case Rfc2889Test::kForwardPressure: return bench::TrafficPattern::kForwardPressure;
    case Rfc2889Test::kErroredFrames: return bench::TrafficPattern::kErroredFrames;
    default: return bench::TrafficPattern::kMeshed;
  }
}

Result<Rfc2889Options> parseRfc2889Options(const std::string& test, const Args& args) {
  static const std::map<std::string, Rfc2889Test> kTests{
      {"caching", Rfc2889Test::kCaching},       {"learning", Rfc2889Test::kLearning},
      {"meshed", Rfc2889Test::kMeshed},         {"one-to-many", Rfc2889Test::kOneToMany},
      {"many-to-one", Rfc2889Test::kManyToOne}, {"congestion", Rfc2889Test::kCongestion},
      {"broadcast", Rfc2889Test::kBroadcast},   {"forward-pressure", Rfc2889Test::kForwardPressure},
      {"errored-frames", Rfc2889Test::kErroredFrames}};
  Rfc2889Options o;
  const auto known = kTests.find(test);
  if (known == kTests.end())
    return makeError("", "'" + test + "' is not an RFC 2889 test (allowed: caching, learning, meshed, one-to-many, "
                         "many-to-one, congestion, broadcast, forward-pressure, errored-frames)");
  o.test = known->second;
  if (!args.positional.empty()) return makeError("", "unexpected argument '" + args.positional[0] + "'");
  if (auto s = refuseOthers(args, o.test, test); !s) return s.error();
  if (auto s = o.addressTest() ? parseAddressTest(args, o) : parseTrafficTest(args, o); !s) return s.error();
  if (auto s = applyExecutorOptions(args, o.executor); !s) return s.error();
  if (auto v = args.get("--json")) o.json = *v;
  if (auto v = args.get("--report")) o.report = *v;
  o.quiet = args.has("--quiet");
  return o;
}

}  // namespace staccato::cli
