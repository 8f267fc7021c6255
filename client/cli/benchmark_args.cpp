#include "client/cli/benchmark_args.h"

#include <cmath>

#include "client/core/benchmark/config_text.h"
#include "client/core/benchmark/result_json.h"
#include "common/files/stream_file.h"
#include "rpc/names/backend_names.h"

namespace staccato::cli {
namespace {

Status applyTests(bench::BenchmarkConfig& c, const std::string& text) {
  c.tests.clear();
  for (const std::string& name : splitCommas(text)) {
    auto t = bench::testFromName(name);
    if (!t) return makeError("--tests", "'" + name + "' is not a test (allowed: throughput, latency, loss, b2b)");
    if (c.runs(*t)) return makeError("--tests", "'" + name + "' is named twice");
    c.tests.push_back(*t);
  }
  return Ok{};
}

/// The options that set a trial length (seconds) or a count, by option name.
Status applyNumbers(const Args& args, BenchmarkOptions& o) {
  bench::BenchmarkConfig& c = o.config;
  if (auto d = args.get("--duration")) {
    auto v = decimalOption("--duration", *d, 0, 86400, true);
    if (!v) return v.error();
    bench::setTrialSeconds(c, *v);
    o.calibration.trialSeconds = *v;
  }
  if (auto p = args.get("--precision")) {
    auto v = decimalOption("--precision", *p, 0, 50, true);
    if (!v) return v.error();
    bench::setRelativePrecision(c, *v / 100);
    o.calibration.relativePrecision = *v / 100;
  }
  if (auto t = args.get("--tolerance")) {
    auto v = decimalOption("--tolerance", *t, 0, 50);
    if (!v) return v.error();
    c.trial.testerTolerance = *v / 100;
  }
  auto ramp = args.number("--ramp", uint64_t(std::llround(c.trial.rampSeconds * 1000)), 0, 600'000);
  auto retries = args.number("--retries", c.trial.receiverRetries, 0, 20);
  auto latencyTrials = args.number("--latency-trials", c.latency.trials, 1, 1000);
  auto b2bTrials = args.number("--b2b-trials", c.backToBack.trials, 1, 1000);
  for (const auto* r : {&ramp, &retries, &latencyTrials, &b2bTrials})
    if (!*r) return r->error();
  c.trial.rampSeconds = double(*ramp) / 1000;
  c.trial.receiverRetries = unsigned(*retries);
  c.latency.trials = unsigned(*latencyTrials);
  c.backToBack.trials = unsigned(*b2bTrials);
  return applyExecutorOptions(args, o.executor);
}

Status applyPorts(const Args& args, bench::BenchmarkConfig& c) {
  const auto tx = args.every("--tx"), rx = args.every("--rx"), reflectors = args.every("--reflector");
  c.portPairs.clear();
  if (!reflectors.empty()) {
    if (!rx.empty()) return makeError("--rx", "through a reflector the frames return to --tx: leave out --rx");
    if (tx.size() != reflectors.size())
      return makeError("--reflector", "one --reflector PORT (PORT@DRONE, @NAME:PORT) for each --tx");
    for (size_t i = 0; i < tx.size(); ++i) c.portPairs.push_back({tx[i], tx[i], reflectors[i]});
    return Ok{};
  }
  if (tx.empty() || tx.size() != rx.size())
    return makeError("--tx", "name the ports the device sits between: --tx PORT --rx PORT (one --rx for each --tx; "
                             "PORT or PORT@DRONE), or --tx PORT --reflector PORT");
  for (size_t i = 0; i < tx.size(); ++i) c.portPairs.push_back({tx[i], rx[i]});
  return Ok{};
}

}  // namespace

std::set<std::string> benchmarkValueOptions(bool calibrate) {
  std::set<std::string> v = {"--tx", "--rx", "--reflector", "--reflect-swap", "--sizes", "--duration", "--precision",
                             "--tolerance", "--retries", "--drain", "--start-margin", "--clock-tolerance",
                             "--learning-frames", "--config"};
  if (!calibrate)
    v.insert({"--loss", "--tests", "--preset", "--report", "--json", "--junit", "--csv", "--search", "--ramp",
              "--latency-trials", "--b2b-trials", "--calibration"});
  return v;
}

std::set<std::string> benchmarkFlagOptions(bool calibrate) {
  std::set<std::string> f = {"--bidirectional", "--ipv6", "--no-learning", "--bound-catch-up", "--unsynchronized-start", "--quiet"};
  if (calibrate) f.insert("--json");  // the table as JSON on stdout
  return f;
}

Status applyExecutorOptions(const Args& args, bench::DroneExecutorSettings& e) {
  auto drain = args.number("--drain", uint64_t(e.drainSeconds * 1000), 0, 60'000);
  auto margin = args.number("--start-margin", uint64_t(e.startMarginSeconds * 1000), 1, 5'000);
  auto tolerance = args.number("--clock-tolerance", e.clockToleranceNs / 1000, 0, 10'000'000);
  auto learning = args.number("--learning-frames", e.learningFrames, 0, 10'000);
  for (const auto* r : {&drain, &margin, &tolerance, &learning})
    if (!*r) return r->error();
  e.drainSeconds = double(*drain) / 1000;
  e.startMarginSeconds = double(*margin) / 1000;
  e.clockToleranceNs = *tolerance * 1000;
  e.learningFrames = uint32_t(*learning);
  e.unsynchronizedStart = args.has("--unsynchronized-start");
  if (auto swap = args.get("--reflect-swap")) {
    const auto how = rpc::reflectFromName(*swap);
    if (!how || *how == v1::PortConfig::REFLECT_OFF)
      return makeError("--reflect-swap", "'" + *swap + "' (allowed: l2, l3, l4)");
    e.reflect = *how;
  }
  return Ok{};
}

ReportPaths reportPathsOf(const Args& args, bool withJson) {
  return {args.get("--report").value_or(""), withJson ? args.get("--json").value_or("") : "",
          args.get("--junit").value_or(""), args.get("--csv").value_or("")};
}

Result<BenchmarkOptions> parseBenchmarkOptions(const Args& args, bool calibrate) {
  BenchmarkOptions o;
  if (!args.positional.empty()) return makeError("", "unexpected argument '" + args.positional[0] + "'");
  if (auto file = args.get("--config")) {
    auto text = readTextFile(*file, kMaxSmallFileBytes);
    if (!text) return makeError("--config", text.error().toString(), text.error().kind);
    auto c = bench::parseConfigJson(*text);
    if (!c) return c.error().withPrefix("--config " + *file);
    o.config = *c;
  }
  if (args.get("--config") && args.get("--preset"))
    return makeError("--preset", "give --preset or --config, not both (a config file holds every setting)");
  if (auto preset = args.get("--preset")) {
    auto c = bench::presetConfig(*preset);
    if (!c) return makeError("--preset", c.error().message);
    o.config = *c;
  }
  bench::BenchmarkConfig& c = o.config;
  if (auto s = applyPorts(args, c); !s) return s.error();
  if (args.has("--bidirectional")) c.direction = bench::Direction::kBidirectional;
  if (args.has("--ipv6")) c.ipVersion = 6;
  if (args.has("--no-learning")) c.trial.learning = false;
  if (args.has("--bound-catch-up")) c.trial.boundCatchUp = true;
  o.quiet = args.has("--quiet");
  if (auto sizes = args.get("--sizes")) {
    auto list = bench::parseFrameSizeList(*sizes);
    if (!list) return list.error().withPrefix("--sizes");
    c.frameSizes = std::move(list).value();
  }
  if (auto tests = args.get("--tests"))
    if (auto s = applyTests(c, *tests); !s) return s.error();
  if (auto loss = args.get("--loss")) {
    auto goals = bench::parseLossGoals(*loss);
    if (!goals) return goals.error().withPrefix("--loss");
    c.search.goals = std::move(goals).value();
  }
  if (auto method = args.get("--search")) {
    auto m = bench::searchMethodFromName(*method);
    if (!m) return makeError("--search", "'" + *method + "' is not a search (allowed: binary, multi-goal)");
    c.search.method = *m;
  }
  if (auto s = applyNumbers(args, o); !s) return s.error();
  o.calibrationFile = args.get("--calibration").value_or("");
  o.reports = reportPathsOf(args, !calibrate);
  if (!calibrate) {
    if (o.reports.none())
      return makeError("--report", "name where the results go: --report OUT.html (and/or --json OUT.json, --junit "
                                   "OUT.xml, --csv OUT.csv)");
  }
  // The line rate comes from the ports later: check the rest with a placeholder.
  if (auto s = bench::checkConfig(c); !s) return s.error();
  return o;
}

}  // namespace staccato::cli
