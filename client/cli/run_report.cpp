#include "client/cli/run_report.h"

#include <iostream>

#include "client/cli/commands.h"
#include "client/cli/junit_report.h"
#include "client/cli/latency_files.h"
#include "client/cli/stats_format.h"

namespace staccato::cli {
namespace {

void printOutcome(const Args& args, const RunOutcome& o) {
  const bool several = o.snapshots.size() > 1;
  if (args.has("--json")) {
    if (!several) return printJson(std::cout, o.snapshots.front().second);
    std::cout << "{\"drones\": [";
    for (size_t i = 0; i < o.snapshots.size(); ++i)
      std::cout << (i ? ", " : "") << "{\"address\": \"" << o.snapshots[i].first << "\", \"stats\": " << toJson(o.snapshots[i].second) << "}";
    std::cout << "]}\n";
    return;
  }
  for (const auto& [drone, snap] : o.snapshots) {
    if (several) std::cout << "== drone " << drone << "\n";
    printStatsTables(std::cout, snap);
  }
}

}  // namespace

int report(const Args& args, const RunOutcome& outcome) {
  printOutcome(args, outcome);
  const std::vector<Verdict> verdicts = judge(outcome);
  if (auto path = args.get("--junit"))
    if (auto s = writeJunit(*path, verdicts, outcome.seconds); !s) return fail(s.error().toString());
  if (auto s = writeLatencyFiles(args, outcome.snapshots); !s) return fail(s.error().toString());
  int code = 0;
  for (const Verdict& v : verdicts) {
    if (!v.skipped.empty() && args.has("--check"))
      std::cerr << "staccato-cli: " << v.suite << ": " << v.name << ": " << v.skipped << "\n";
    if (v.failure.empty()) continue;
    const bool transmitError = v.name == kTransmitVerdict;
    if (transmitError || args.has("--check")) std::cerr << "staccato-cli: " << v.suite << ": " << v.name << ": " << v.failure << "\n";
    if (transmitError) code = 1;
    else if (args.has("--check") && code == 0) code = 3;
  }
  return code;
}

}  // namespace staccato::cli
