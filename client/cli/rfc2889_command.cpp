// staccato-cli benchmark rfc2889: RFC 2889's address caching capacity (5.7) and address learning
// rate (5.8) searches over three drone ports here, the traffic tests (meshed, broadcast) in
// rfc2889_traffic_command.cpp; each trial on stderr as it ends, the answer on stdout and the
// result in a JSON file.
#include <iostream>

#include "client/cli/benchmark_setup.h"
#include "client/cli/commands.h"
#include "client/cli/drone_options.h"
#include "client/cli/rfc2889_args.h"
#include "client/cli/rfc2889_files.h"
#include "client/cli/rfc2889_traffic_command.h"
#include "client/cli/run_guard.h"
#include "client/core/benchmark/rfc2889_address_result.h"
#include "common/core/clock.h"
#include "common/core/si_units.h"
#include "common/files/stream_file.h"

namespace staccato::cli {
namespace {

std::string trialText(const bench::AddressTrial& t) {
  std::string text = "trial: " + std::to_string(t.addresses) + " addresses at " + formatSi(t.learningPps, "fps") +
                     ": " + std::to_string(t.forwarded) + " forwarded, " + std::to_string(t.flooded) + " flooded: ";
  if (!t.judged()) return text + "not judged (" + t.testerNote + ")";
  if (t.passed()) return text + "every address learned";
  if (t.flooded) return text + "not every address learned";
  return text + "lost " + std::to_string(t.addresses - std::min(t.addresses, t.forwarded)) + " test frames";
}

}  // namespace

int rfc2889Command(const std::vector<std::string>& argv) {
  if (argv.empty())
    return fail("usage: staccato-cli benchmark rfc2889 caching|learning --learning PORT --test PORT --monitor PORT "
                "--aging SECONDS [options]\n"
                "       staccato-cli benchmark rfc2889 meshed --ports PORT,PORT[,...] [--load PCT] [options]\n"
                "       staccato-cli benchmark rfc2889 one-to-many --tx PORT --rx PORT,PORT[,...] [--load PCT] [options]\n"
                "       staccato-cli benchmark rfc2889 many-to-one --tx PORT,PORT[,...] --rx PORT [--load PCT] [options]\n"
                "       staccato-cli benchmark rfc2889 congestion --ports SENDER,SENDER,CONGESTED,UNCONGESTED [options]\n"
                "       staccato-cli benchmark rfc2889 broadcast --tx PORT --rx PORT[,...] [--load PCT] [options]\n"
                "       staccato-cli benchmark rfc2889 forward-pressure --tx PORT --rx PORT [--min-load PCT] [--step PCT] [options]\n"
                "       staccato-cli benchmark rfc2889 errored-frames --tx PORT --rx PORT [--undersize B] [--oversize B] [options]\n"
                "options include --json OUT.json and --report OUT.html (staccato-cli --help)",
                2);
  auto args = parseArgs({argv.begin() + 1, argv.end()}, withDroneOptions(rfc2889ValueOptions()),
                        withDroneFlags(rfc2889FlagOptions()));
  if (!args) return fail(args.error().toString(), 2);
  auto o = parseRfc2889Options(argv[0], *args);
  if (!o) return fail(o.error().toString(), 2);
  for (const auto& [option, path] : {std::pair{"--json", o->json}, std::pair{"--report", o->report}})
    if (!path.empty())
      if (auto s = checkWritable(option, path); !s) return fail(s.error().toString(), 2);
  std::vector<bench::Endpoint> endpoints;
  for (const std::string& text : o->ports) {
    auto e = bench::parseEndpoint(text, primaryTarget(*args));
    if (!e) return fail(e.error().withPrefix(text).toString(), 2);
    endpoints.push_back(*e);
  }
  std::vector<bench::Flow> touching;
  for (size_t i = 1; i < endpoints.size(); ++i) touching.push_back({endpoints[0], endpoints[i], 0});
  auto drones = connectAll(*args, touching);
  if (!drones) return fail(drones.error().toString());
  o->executor.warn = [](const std::string& text) { std::cerr << "staccato-cli: warning: " << text << "\n"; };
  if (!o->addressTest()) return runRfc2889Traffic(*o, drones->map, endpoints);
  const bench::AddressPorts ports{endpoints[0], endpoints[1], endpoints[2]};
  auto probe = bench::DroneAddressProbe::open(drones->map, ports, o->executor, o->probe);
  if (!probe) return fail(probe.error().toString());

  RunGuard guard(0);
  bench::AddressSearchHooks hooks;
  hooks.stopRequested = [] { return RunGuard::stopSignal() != 0; };
  if (!o->quiet) hooks.trialDone = [](const bench::AddressTrial& t) { std::cerr << trialText(t) << "\n" << std::flush; };
  bench::Rfc2889AddressResult r;
  r.generator = kBenchmarkGenerator;
  r.learningPort = o->ports[0];
  r.testPort = o->ports[1];
  r.monitorPort = o->ports[2];
  r.agingSeconds = o->probe.agingSeconds;
  r.testPps = o->probe.testPps;
  r.startNs = realtimeNs();
  if (o->test == Rfc2889Test::kCaching) {
    r.cachingSettings = o->caching;
    auto found = bench::searchCachingCapacity(o->caching, (*probe)->probe(), hooks);
    if (found) r.caching = std::move(*found);
    else r.error = found.error().toString();
  } else {
    r.learningSettings = o->learningRate;
    auto found = bench::searchLearningRate(o->learningRate, (*probe)->probe(), hooks);
    if (found) r.learning = std::move(*found);
    else r.error = found.error().toString();
  }
  r.endNs = realtimeNs();
  std::cout << (o->test == Rfc2889Test::kCaching ? "address caching capacity: " : "address learning rate: ") << r.answer()
            << "\n";
  if (o->test == Rfc2889Test::kCaching && r.caching.capacity)
    std::cout << "  (besides the test port's own address, which the device learned first)\n";
  if (auto s = writeRfc2889Files(*o, r, bench::rfc2889ResultJson(r)); !s) return fail(s.error().toString());
  return guard.exitCode(r.complete() ? 0 : 1, {o->ports[0], o->ports[1]}, "the trials above");
}

}  // namespace staccato::cli
