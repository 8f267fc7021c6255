#pragma once
/// `staccato-cli benchmark rfc2544|calibrate` options as a benchmark config, the report files and
/// the executor's settings: every value checked, errors naming the option and what it allows.
/// Kept apart from the command so that tests check the parsing without a drone.
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "client/cli/args.h"
#include "client/core/benchmark/benchmark_config.h"
#include "client/core/benchmark/calibration.h"
#include "client/core/benchmark_drone/drone_executor.h"

namespace staccato::cli {

/// The value and flag options of `benchmark rfc2544` or `benchmark calibrate` (`calibrate`), without
/// the drone options (the caller adds them).
std::set<std::string> benchmarkValueOptions(bool calibrate);
std::set<std::string> benchmarkFlagOptions(bool calibrate);

/// Where a benchmark's reports go (each empty when not wanted): --report, --json, --junit, --csv.
struct ReportPaths {
  std::string html, json, junit, csv;
  /// Each with its option's name.
  std::vector<std::pair<const char*, const std::string*>> all() const {
    return {{"--report", &html}, {"--json", &json}, {"--junit", &junit}, {"--csv", &csv}};
  }
  bool none() const { return html.empty() && json.empty() && junit.empty() && csv.empty(); }
};

/// The report options of `args` (--json only when `withJson`: calibrate's is a flag).
ReportPaths reportPathsOf(const Args& args, bool withJson = true);

/// --drain, --start-margin, --clock-tolerance, --learning-frames and --unsynchronized-start over `e`.
Status applyExecutorOptions(const Args& args, bench::DroneExecutorSettings& e);

struct BenchmarkOptions {
  bench::BenchmarkConfig config;          ///< line rate still to come from the ports
  bench::DroneExecutorSettings executor;
  bench::CalibrationSettings calibration; ///< calibrate: trial length and precision
  std::string calibrationFile;            ///< rfc2544 --calibration: a `calibrate --json` result
  ReportPaths reports;
  bool quiet = false;
};

/// Parses `args` for `rfc2544` (`calibrate` = false) or `calibrate`: --config FILE or --preset
/// NAME first (the defaults without either), then every other option over it.
Result<BenchmarkOptions> parseBenchmarkOptions(const Args& args, bool calibrate);

}  // namespace staccato::cli
