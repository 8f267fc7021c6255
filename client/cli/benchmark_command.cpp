// staccato-cli benchmark rfc2544|calibrate: the benchmark runner (client/core/benchmark) over the
// drones' ports (client/core/benchmark_drone), its progress on stderr and its reports.
#include <unistd.h>

#include <filesystem>
#include <iostream>

#include "client/cli/benchmark_args.h"
#include "client/cli/benchmark_setup.h"
#include "client/cli/y1564_args.h"
#include "client/cli/benchmark_text.h"
#include "client/cli/commands.h"
#include "client/cli/drone_options.h"
#include "client/cli/run_guard.h"
#include "client/cli/safe_output.h"
#include "client/core/benchmark/benchmark_runner.h"
#include "client/core/benchmark/report_csv.h"
#include "client/core/benchmark/report_html.h"
#include "client/core/benchmark/report_junit.h"
#include "client/core/benchmark/json_reader.h"
#include "client/core/benchmark/result_json.h"
#include "client/core/benchmark/y1564_result_json.h"
#include "client/core/flows/flow_search_file.h"
#include "common/core/clock.h"
#include "common/files/stream_file.h"

namespace staccato::cli {
namespace {

constexpr const char* kUsage =
    "usage: staccato-cli benchmark rfc2544 --tx PORT --rx PORT [options] --report OUT.html [--json OUT.json] "
    "[--junit OUT.xml] [--csv OUT.csv]\n"
    "       staccato-cli benchmark y1564 --config FILE --tx PORT --rx PORT [options] [--report OUT.html] [--json OUT.json] "
    "[--junit OUT.xml] [--csv OUT.csv]\n"
    "       staccato-cli benchmark rfc2889 caching|learning|meshed|broadcast ... [--json OUT.json]\n"
    "       staccato-cli benchmark rfc9411 PROFILE --client PORT --server PORT [--search rate|concurrent] ...\n"
    "       staccato-cli benchmark calibrate --tx PORT --rx PORT [--sizes ...] [--json]\n"
    "       staccato-cli benchmark y1564 --config-schema | --result-schema\n"
    "       staccato-cli benchmark report RESULT.json [--report OUT.html] [--json OUT.json] [--junit OUT.xml] [--csv OUT.csv]\n"
    "       staccato-cli benchmark schema\n"
    "(staccato-cli help lists the options; docs/benchmarks.md explains them)";

bench::RunHooks hooks(bool quiet) {
  bench::RunHooks h;
  h.stopRequested = [] { return RunGuard::stopSignal() != 0; };
  if (quiet) return h;
  const bool tty = isatty(STDERR_FILENO);
  h.progress = [tty](const bench::ProgressEvent& e) {
    if (tty) writeControl(std::cerr, "\r\x1b[K");
    std::cerr << progressText(e) << (tty ? "" : "\n") << std::flush;
  };
  return h;
}

void endProgress(bool quiet) {
  if (!quiet && isatty(STDERR_FILENO)) std::cerr << "\n";
}

/// The ports a benchmark sends on ("PORT" or "PORT@DRONE"): what a stop stopped.
std::vector<std::string> sendingPorts(const bench::BenchmarkConfig& c) {
  std::vector<std::string> out;
  for (const bench::PortPair& p : c.portPairs) {
    out.push_back(p.tx);
    if (c.direction == bench::Direction::kBidirectional) out.push_back(p.rx);
  }
  return out;
}

Status writeReports(const ReportPaths& o, const bench::BenchmarkResult& r) {
  if (!o.json.empty())
    if (auto s = bench::writeResultFile(o.json, r); !s) return s;
  if (!o.html.empty())
    if (auto s = bench::writeHtmlReport(o.html, r); !s) return s;
  if (!o.junit.empty())
    if (auto s = writeFileAtomically(o.junit, bench::junitReport(r)); !s) return s;
  if (!o.csv.empty()) {
    if (auto s = writeFileAtomically(o.csv, bench::resultsCsv(r)); !s) return s;
    // Every trial beside it: OUT.csv -> OUT.trials.csv.
    const std::filesystem::path p(o.csv);
    const std::string trials = (p.parent_path() / p.stem()).string() + ".trials.csv";
    if (auto s = writeFileAtomically(trials, bench::trialsCsv(r)); !s) return s;
  }
  return Ok{};
}

int runRfc2544(BenchmarkOptions& o, bench::DroneTrialExecutor& executor) {
  bench::Calibration calibration;
  if (!o.calibrationFile.empty()) {
    auto file = bench::readResultFile(o.calibrationFile);
    if (!file) return fail(file.error().withPrefix("--calibration " + o.calibrationFile).toString(), 2);
    calibration = file->calibration;
    if (calibration.points.empty()) return fail("--calibration " + o.calibrationFile + ": holds no calibration (write one with benchmark calibrate --json)", 2);
  }
  RunGuard guard(0);
  const bench::BenchmarkResult r = bench::runBenchmark(o.config, calibration, executor, hooks(o.quiet), kBenchmarkGenerator);
  endProgress(o.quiet);
  std::cout << summaryText(r);
  if (auto s = writeReports(o.reports, r); !s) return fail(s.error().toString());
  for (const auto& [option, path] : o.reports.all())
    if (!path->empty()) std::cerr << "staccato-cli: wrote " << *path << "\n";
  if (!r.error.empty() && !RunGuard::stopSignal()) std::cerr << "staccato-cli: " << r.error << "\n";
  std::string written;
  for (const auto& [option, path] : o.reports.all())
    if (!path->empty()) written += (written.empty() ? "" : ", ") + *path;
  return guard.exitCode(r.error.empty() ? 0 : 1, sendingPorts(o.config),
                        "the summary above" + (written.empty() ? std::string() : " and " + written) +
                            " cover the trials until then");
}

int runCalibrate(const Args& args, BenchmarkOptions& o, bench::DroneTrialExecutor& executor) {
  RunGuard guard(0);
  bench::BenchmarkResult r;
  r.generator = kBenchmarkGenerator;
  r.config = o.config;
  r.startedNs = int64_t(realtimeNs());
  auto c = bench::calibrate(executor, o.config, o.calibration, hooks(o.quiet), r.trials, executor.describeFlows());
  endProgress(o.quiet);
  r.endedNs = int64_t(realtimeNs());
  if (!c) return guard.exitCode(RunGuard::stopSignal() ? 1 : fail(c.error().toString()), sendingPorts(o.config),
                                "nothing was calibrated");
  r.calibration = *c;
  if (args.has("--json"))
    std::cout << bench::resultJson(r);
  else
    std::cout << calibrationTable(r.calibration);
  return guard.exitCode(0, sendingPorts(o.config));
}

/// Whether `path` holds a Y.1564 result (its `format` says so) rather than an RFC 2544 one.
bool isY1564Result(const std::string& path) {
  auto text = readTextFile(path, kMaxSmallFileBytes);
  if (!text) return false;
  auto json = bench::JsonIn::parse(*text);
  return json && (*json)["format"].text() == bench::kY1564ResultFormat;
}

/// benchmark report RESULT.json ...: the reports rendered again from a result file.
int renderReports(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, {"--report", "--json", "--junit", "--csv"}, {});
  if (!args) return fail(args.error().toString(), 2);
  if (args->positional.size() != 1) return fail(kUsage, 2);
  const ReportPaths paths = reportPathsOf(*args);
  for (const auto& [option, path] : paths.all())
    if (auto s = checkWritable(option, *path); !s) return fail(s.error().toString(), 2);
  if (isY1564Result(args->positional[0])) return renderY1564Reports(args->positional[0], paths);
  if (auto text = readTextFile(args->positional[0], kMaxDataFileBytes); text && client::isFlowSearchJson(*text))
    return renderFlowSearchReports(args->positional[0], paths.html, paths.json, paths.junit, paths.csv);
  auto r = bench::readResultFile(args->positional[0]);
  if (!r) return fail(r.error().toString(), 2);
  std::cout << summaryText(*r);
  if (auto s = writeReports(paths, *r); !s) return fail(s.error().toString());
  for (const auto& [option, path] : paths.all())
    if (!path->empty()) std::cerr << "staccato-cli: wrote " << *path << "\n";
  return 0;
}

}  // namespace

int benchmarkCommand(const std::vector<std::string>& argv) {
  if (!argv.empty() && argv[0] == "schema" && argv.size() == 1) {
    std::cout << bench::resultSchema();
    return 0;
  }
  if (!argv.empty() && argv[0] == "report") return renderReports({argv.begin() + 1, argv.end()});
  if (!argv.empty() && argv[0] == "y1564") return y1564Command({argv.begin() + 1, argv.end()});
  if (!argv.empty() && argv[0] == "rfc2889") return rfc2889Command({argv.begin() + 1, argv.end()});
  if (!argv.empty() && argv[0] == "rfc9411") return rfc9411Command({argv.begin() + 1, argv.end()});
  if (argv.empty() || (argv[0] != "rfc2544" && argv[0] != "calibrate")) return fail(kUsage, 2);
  const bool calibrate = argv[0] == "calibrate";
  const std::vector<std::string> rest(argv.begin() + 1, argv.end());
  auto args = parseArgs(rest, withDroneOptions(benchmarkValueOptions(calibrate)), withDroneFlags(benchmarkFlagOptions(calibrate)));
  if (!args) return fail(args.error().toString(), 2);
  auto o = parseBenchmarkOptions(*args, calibrate);
  if (!o) return fail(o.error().toString(), 2);
  for (const auto& [option, path] : o->reports.all())
    if (auto s = checkWritable(option, *path); !s) return fail(s.error().toString(), 2);
  auto flows = bench::flowsOf(o->config, primaryTarget(*args));
  if (!flows) return fail(flows.error().toString(), 2);
  auto drones = connectAll(*args, *flows);
  if (!drones) return fail(drones.error().toString());
  o->executor.warn = [](const std::string& text) { std::cerr << "staccato-cli: warning: " << text << "\n"; };
  auto executor = bench::DroneTrialExecutor::open(drones->map, *flows, o->config.ipVersion, o->executor);
  if (!executor) return fail(executor.error().toString());
  o->config.lineRateBps = (*executor)->lineRateBps();
  return calibrate ? runCalibrate(*args, *o, **executor) : runRfc2544(*o, **executor);
}

}  // namespace staccato::cli
