// staccato-cli benchmark y1564: ITU-T Y.1564's service configuration and performance tests
// (client/core/benchmark/y1564_runner.h) over the drones' ports, progress on stderr, the summary
// on stdout and the reports in files.
#include <unistd.h>

#include <iostream>

#include "client/cli/benchmark_setup.h"
#include "client/cli/commands.h"
#include "client/cli/drone_options.h"
#include "client/cli/run_guard.h"
#include "client/cli/safe_output.h"
#include "client/cli/y1564_args.h"
#include "client/cli/y1564_text.h"
#include "client/core/benchmark/availability.h"
#include "client/core/benchmark/y1564_json.h"
#include "client/core/benchmark/y1564_report_csv.h"
#include "client/core/benchmark/y1564_report_html.h"
#include "client/core/benchmark/y1564_report_junit.h"
#include "client/core/benchmark/y1564_result_json.h"
#include "client/core/benchmark_drone/y1564_drone_executor.h"
#include "common/files/stream_file.h"

namespace staccato::cli {
namespace {

/// Without a terminal, the performance test's progress every this many seconds (and every second that lost frames).
constexpr uint32_t kQuietProgressSeconds = 10;

bench::Y1564Hooks hooks(const bench::Y1564Config& config, bool quiet) {
  bench::Y1564Hooks h;
  h.stopRequested = [] { return RunGuard::stopSignal() != 0; };
  if (quiet) return h;
  const bool tty = isatty(STDERR_FILENO);
  h.stepDone = [&config](const bench::Y1564StepResult& s) { std::cerr << y1564StepText(config, s) << "\n" << std::flush; };
  auto ses = std::make_shared<uint32_t>(0);
  h.secondDone = [&config, tty, ses](uint32_t second, const std::vector<bench::SecondCounts>& perService) {
    bool lost = false;
    for (const bench::SecondCounts& c : perService) {
      lost |= c.received < c.sent;
      if (c.sent && double(c.sent - std::min(c.sent, c.received)) > config.sesLossRatio * double(c.sent)) ++*ses;
    }
    const auto seconds = uint32_t(config.performanceSeconds);
    if (!tty && !lost && (second + 1) % kQuietProgressSeconds && second + 1 != seconds) return;
    if (tty) writeControl(std::cerr, "\r\x1b[K");
    std::cerr << y1564SecondText(config, second, seconds, perService, *ses) << (tty ? "" : "\n") << std::flush;
  };
  return h;
}

Status writeReports(const ReportPaths& o, const bench::Y1564Result& r) {
  if (!o.json.empty())
    if (auto s = bench::writeY1564ResultFile(o.json, r); !s) return s;
  if (!o.html.empty())
    if (auto s = bench::writeY1564HtmlReport(o.html, r); !s) return s;
  if (!o.junit.empty())
    if (auto s = writeFileAtomically(o.junit, bench::y1564Junit(r)); !s) return s;
  if (!o.csv.empty())
    if (auto s = writeFileAtomically(o.csv, bench::y1564StepsCsv(r)); !s) return s;
  return Ok{};
}

/// Where the reports went, for the closing words ("" when none).
std::string reportsWritten(const ReportPaths& paths) {
  std::string written;
  for (const auto& [option, path] : paths.all())
    if (!path->empty()) {
      std::cerr << "staccato-cli: wrote " << *path << "\n";
      written += (written.empty() ? "" : ", ") + *path;
    }
  return written;
}

}  // namespace

int renderY1564Reports(const std::string& resultPath, const ReportPaths& paths) {
  auto r = bench::readY1564ResultFile(resultPath);
  if (!r) return fail(r.error().toString(), 2);
  std::cout << y1564SummaryText(*r);
  if (auto s = writeReports(paths, *r); !s) return fail(s.error().toString());
  reportsWritten(paths);
  return 0;
}

int y1564Command(const std::vector<std::string>& argv) {
  if (argv.size() == 1 && (argv[0] == "--config-schema" || argv[0] == "--result-schema")) {
    std::cout << (argv[0] == "--config-schema" ? bench::y1564ConfigSchema() : bench::y1564ResultSchema());
    return 0;
  }
  auto args = parseArgs(argv, withDroneOptions(y1564ValueOptions()), withDroneFlags(y1564FlagOptions()));
  if (!args) return fail(args.error().toString(), 2);
  auto o = parseY1564Options(*args);
  if (!o) return fail(o.error().toString(), 2);
  for (const auto& [option, path] : o->reports.all())
    if (auto s = checkWritable(option, *path); !s) return fail(s.error().toString(), 2);
  auto tx = bench::parseEndpoint(o->tx, primaryTarget(*args));
  if (!tx) return fail(tx.error().withPrefix("--tx").toString(), 2);
  auto rx = bench::parseEndpoint(o->rx, primaryTarget(*args));
  if (!rx) return fail(rx.error().withPrefix("--rx").toString(), 2);
  bench::Endpoint via;
  if (!o->reflector.empty()) {
    auto r = bench::parseEndpoint(o->reflector, primaryTarget(*args));
    if (!r) return fail(r.error().withPrefix("--reflector").toString(), 2);
    via = *r;
  }
  auto drones = connectAll(*args, {{*tx, *rx, 0, via}});
  if (!drones) return fail(drones.error().toString());
  o->executor.warn = [](const std::string& text) { std::cerr << "staccato-cli: warning: " << text << "\n"; };
  auto executor = bench::Y1564DroneExecutor::open(drones->map, o->config, *tx, *rx, o->ipVersion, o->executor, via);
  if (!executor) return fail(executor.error().toString());
  RunGuard guard(0);
  bench::Y1564Result r = bench::runY1564(o->config, (*executor)->lineRateBps(), **executor, hooks(o->config, o->quiet),
                                         o->tests);
  if (!o->quiet && isatty(STDERR_FILENO)) std::cerr << "\n";
  r.generator = kBenchmarkGenerator;
  r.ports = o->tx + " -> " + (o->reflector.empty() ? "" : o->reflector + " (reflector; delay is the round trip) -> ") + o->rx;
  std::cout << y1564SummaryText(r);
  if (auto s = writeReports(o->reports, r); !s) return fail(s.error().toString());
  const std::string written = reportsWritten(o->reports);
  if (!r.error.empty() && !RunGuard::stopSignal()) std::cerr << "staccato-cli: " << r.error << "\n";
  // Exit 0 only for a pass: a failed or incomplete service activation is not one.
  return guard.exitCode(r.pass() ? 0 : 1, {o->tx},
                        "the summary above" + (written.empty() ? std::string() : " and " + written) +
                            " cover the steps until then");
}

}  // namespace staccato::cli
