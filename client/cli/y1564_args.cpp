#include "client/cli/y1564_args.h"

#include "client/core/benchmark/y1564_json.h"
#include "common/files/file_reading.h"

namespace staccato::cli {

std::set<std::string> y1564ValueOptions() {
  return {"--config", "--tx", "--rx", "--reflector", "--reflect-swap", "--step-seconds", "--performance-seconds", "--drain", "--start-margin",
          "--clock-tolerance", "--learning-frames", "--report", "--json", "--junit", "--csv"};
}

std::set<std::string> y1564FlagOptions() { return {"--ipv6", "--no-performance", "--performance-only", "--unsynchronized-start", "--quiet"}; }

Result<Y1564Options> parseY1564Options(const Args& args) {
  Y1564Options o;
  if (!args.positional.empty()) return makeError("", "unexpected argument '" + args.positional[0] + "'");
  const auto file = args.get("--config");
  if (!file) return makeError("--config", "name the services to test: --config FILE (docs/benchmarks.md shows one)");
  auto text = readTextFile(*file, kMaxSmallFileBytes);
  if (!text) return makeError("--config", text.error().toString(), text.error().kind);
  auto config = bench::parseY1564Config(*text);
  if (!config) return config.error().inFile("--config " + *file);
  o.config = std::move(*config);
  const auto tx = args.every("--tx"), rx = args.every("--rx"), reflector = args.every("--reflector");
  if (tx.size() != 1 || rx.size() + reflector.size() != 1)
    return makeError("--tx", "name the two ports the service runs between: --tx PORT --rx PORT (PORT or PORT@DRONE), "
                             "or --tx PORT --reflector PORT");
  o.tx = tx[0];
  o.rx = rx.empty() ? tx[0] : rx[0];
  if (!reflector.empty()) o.reflector = reflector[0];
  if (auto v = args.get("--step-seconds")) {
    auto s = decimalOption("--step-seconds", *v, 1, 3600);
    if (!s) return s.error();
    o.config.stepSeconds = *s;
  }
  if (auto v = args.get("--performance-seconds")) {
    auto s = decimalOption("--performance-seconds", *v, 1, 7 * 86400);
    if (!s) return s.error();
    o.config.performanceSeconds = *s;
  }
  if (auto s = applyExecutorOptions(args, o.executor); !s) return s.error();
  o.ipVersion = args.has("--ipv6") ? 6 : 4;
  if (args.has("--no-performance") && args.has("--performance-only"))
    return makeError("--performance-only", "give --no-performance or --performance-only, not both");
  if (args.has("--no-performance")) o.tests = bench::Y1564Tests::kConfiguration;
  if (args.has("--performance-only")) o.tests = bench::Y1564Tests::kPerformance;
  o.quiet = args.has("--quiet");
  o.reports = reportPathsOf(args);
  if (auto s = o.config.check(); !s) return s.error();
  return o;
}

}  // namespace staccato::cli
