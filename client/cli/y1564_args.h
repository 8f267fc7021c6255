#pragma once
/// `staccato-cli benchmark y1564` options: the config file and what the command line sets over
/// it, the two ports, the report files and the executor's settings; every value checked, errors
/// naming the option and what it allows. Apart from the command so that tests check it without
/// a drone.
#include <set>
#include <string>

#include "client/cli/args.h"
#include "client/cli/benchmark_args.h"
#include "client/core/benchmark/y1564_runner.h"

namespace staccato::cli {

std::set<std::string> y1564ValueOptions();
std::set<std::string> y1564FlagOptions();

struct Y1564Options {
  bench::Y1564Config config;
  std::string tx, rx;        ///< PORT or PORT@DRONE
  std::string reflector;     ///< "" = none (then rx is tx)
  unsigned ipVersion = 4;
  bench::Y1564Tests tests = bench::Y1564Tests::kBoth;  ///< --no-performance, --performance-only
  bench::DroneExecutorSettings executor;
  ReportPaths reports;
  bool quiet = false;
};

/// --config FILE (required), then every other option over it.
Result<Y1564Options> parseY1564Options(const Args& args);

/// benchmark report on a Y.1564 result file: its summary, and the reports `paths` name.
int renderY1564Reports(const std::string& resultPath, const ReportPaths& paths);

}  // namespace staccato::cli
