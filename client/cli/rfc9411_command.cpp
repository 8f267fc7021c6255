// staccato-cli benchmark rfc9411 PROFILE --client PORT[@DRONE] --server PORT[@DRONE]: RFC 9411's
// search for the highest connection rate (or concurrency) a stateful device passes, each trial a
// flow run of the profile at one load (client/core/flows/flow_search.h), the trials printed as
// they end, the answer and every trial in --json, the reports (--report HTML, --junit, --csv) from
// client/core/flows/flow_search_report.h.
#include <chrono>
#include <cmath>
#include <sstream>
#include <iostream>
#include <map>
#include <thread>

#include "client/cli/args.h"
#include "client/cli/benchmark_args.h"
#include "client/cli/benchmark_setup.h"
#include "client/cli/commands.h"
#include "client/cli/drone_options.h"
#include "client/cli/flow_sides.h"
#include "client/cli/run_guard.h"
#include "client/cli/stats_format.h"
#include "client/core/benchmark_drone/bench_flows.h"
#include "client/core/flows/flow_search.h"
#include "client/core/flows/flow_search_file.h"
#include "client/core/flows/flow_search_report.h"
#include "common/core/clock.h"
#include "common/core/decimal_text.h"
#include "common/core/iso_time.h"
#include "common/core/json_text.h"
#include "common/files/file_reading.h"
#include "common/files/flow_profile.h"
#include "common/files/stream_file.h"

namespace staccato::cli {

namespace {

constexpr const char* kUsage =
    "usage: staccato-cli benchmark rfc9411 PROFILE --client PORT[@DRONE] --server PORT[@DRONE] [--search rate|concurrent] "
    "[--low N] [--high N] [--resolution PCT] [--max-failure-ratio R] [--max-latency-ms MS] [--duration SECONDS] [--json FILE] "
    "[--report OUT.html] [--junit OUT.xml] [--csv OUT.csv]";

/// One trial: the profile at `load` (connections/s or concurrent), servers then clients, until
/// the clients' run ends; both sides stopped; the client side's numbers with latency buckets.
Result<v1::PortFlows> runTrial(const FlowSide& server, const FlowSide& clients, v1::FlowProfile profile, bool byRate, double load) {
  if (byRate)
    profile.mutable_load()->set_connections_per_second(load);
  else
    profile.mutable_load()->set_concurrent(uint64_t(load));
  v1::StartFlowsReply made;
  if (!startFlowSide(server, profile, made)) return makeError("--server", "the servers did not start");
  if (!startFlowSide(clients, profile, made)) {
    stopFlowSide(server);
    return makeError("--client", "the clients did not start");
  }
  v1::PortFlows now;
  while (readFlowSide(clients, false, now) && now.running() && !RunGuard::stopSignal())
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
  stopFlowSide(clients);
  stopFlowSide(server);
  if (!readFlowSide(clients, true, now)) return makeError("--client", "its results could not be read");
  return now;
}

Result<double> option(const Args& args, const std::string& name, double fallback, double min, double max) {
  auto text = args.get(name);
  return text ? decimalOption(name, *text, min, max) : Result<double>(fallback);
}

/// --json: the search, its settings and every trial with its client side's numbers.
Status writeJson(const std::string& path, const client::FlowSearchRun& run, double resolutionPct) {
  const client::FlowSearchResult& found = run.result;
  std::ostringstream out;
  out << "{\"profile\": " << toJson(run.profile) << ",\n \"search\": \"" << (run.byRate ? "rate" : "concurrent")
      << "\", \"found\": " << found.found << ", \"at_least\": " << (found.atLeast ? "true" : "false")
      << ", \"complete\": " << (found.complete ? "true" : "false") << ", \"why\": " << jsonQuoted(found.why)
      << ",\n \"criteria\": {\"max_failure_ratio\": " << run.criteria.maxFailureRatio
      << ", \"max_latency_ms\": " << double(run.criteria.maxP99Ns) / 1e6 << "},\n \"settings\": {\"low\": " << run.settings.low
      << ", \"high\": " << run.settings.high << ", \"resolution_pct\": " << resolutionPct
      << ", \"steady_seconds\": " << run.profile.load().steady_seconds() << "}, \"client_port\": " << jsonQuoted(run.clientPort)
      << ", \"server_port\": " << jsonQuoted(run.serverPort) << ", \"generator\": " << jsonQuoted(run.generator)
      << ", \"start\": " << jsonQuoted(isoTime(run.startNs)) << ", \"end\": " << jsonQuoted(isoTime(run.endNs))
      << ",\n \"trials\": [";
  for (size_t i = 0; i < found.trials.size(); ++i) {
    const client::FlowTrialOutcome& o = found.trials[i].outcome;
    out << (i ? ",\n  " : "\n  ") << "{\"load\": " << found.trials[i].load << ", \"passed\": " << (o.passed ? "true" : "false")
        << ", \"tester_limited\": " << (o.testerLimited ? "true" : "false") << ", \"stopped\": " << (o.stopped ? "true" : "false")
        << ", \"why\": " << jsonQuoted(o.why)
        << ", \"start\": " << jsonQuoted(isoTime(o.startNs)) << ", \"end\": " << jsonQuoted(isoTime(o.endNs));
    if (o.client) out << ", \"client\": " << toJson(*o.client);
    out << "}";
  }
  out << "]}\n";
  return writeFileAtomically(path, out.str());
}

/// Every file asked for; each one written said on stderr.
Status writeFiles(const ReportPaths& paths, const client::FlowSearchRun& run, double resolutionPct) {
  if (!paths.json.empty())
    if (auto s = writeJson(paths.json, run, resolutionPct); !s) return s;
  if (!paths.html.empty())
    if (auto s = client::writeFlowSearchHtml(paths.html, run); !s) return s;
  if (!paths.junit.empty())
    if (auto s = client::writeFlowSearchJunit(paths.junit, run); !s) return s;
  if (!paths.csv.empty())
    if (auto s = client::writeFlowSearchCsv(paths.csv, run); !s) return s;
  for (const auto& [option, path] : paths.all())
    if (!path->empty()) std::cerr << "staccato-cli: wrote " << *path << "\n";
  return Ok{};
}

}  // namespace

int renderFlowSearchReports(const std::string& resultPath, const std::string& html, const std::string& json,
                            const std::string& junit, const std::string& csv) {
  auto run = client::readFlowSearchFile(resultPath);
  if (!run) return fail(run.error().toString(), 2);
  std::cout << client::flowSearchAnswer(*run) << "\n";
  if (const std::string note = client::flowSearchTesterNote(*run); !note.empty()) std::cout << note << "\n";
  ReportPaths paths{html, {}, junit, csv};
  if (!json.empty()) {  // the file itself, as it is: what the CLI wrote
    auto text = readTextFile(resultPath, kMaxDataFileBytes);
    if (!text) return fail(text.error().toString());
    if (auto s = writeFileAtomically(json, *text); !s) return fail(s.error().toString());
    std::cerr << "staccato-cli: wrote " << json << "\n";
  }
  if (auto s = writeFiles(paths, *run, run->settings.resolution * 100); !s) return fail(s.error().toString());
  return 0;
}

int rfc9411Command(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, withDroneOptions({"--client", "--server", "--search", "--low", "--high", "--resolution",
                                                "--max-failure-ratio", "--max-latency-ms", "--duration", "--json",
                                                "--report", "--junit", "--csv"}),
                        withDroneFlags({}));
  if (!args) return fail(args.error().toString(), 2);
  if (args->positional.size() != 1 || !args->get("--client") || !args->get("--server")) return fail(kUsage, 2);
  auto profile = loadFlowProfile(args->positional[0]);
  if (!profile) return fail(profile.error().toString(), 2);
  const std::string search = args->get("--search").value_or(
      profile->load().target_case() == v1::FlowLoad::kConcurrent ? "concurrent" : "rate");
  if (search != "rate" && search != "concurrent") return fail("--search: '" + search + "' is not rate or concurrent", 2);
  const bool byRate = search == "rate";
  const double target = byRate ? profile->load().connections_per_second() : double(profile->load().concurrent());
  const double maxLoad = byRate ? kMaxConnectionsPerSecond : double(kMaxConcurrent);
  auto high = option(*args, "--high", target > 0 ? target : 0, 1, maxLoad);
  if (!high) return fail(high.error().toString(), 2);
  if (*high < 1) return fail("--high: give the highest load to try (the profile's target is not a " + search + ")", 2);
  auto low = option(*args, "--low", std::max(1.0, std::round(*high / 10)), 1, *high);
  auto resolution = option(*args, "--resolution", 2, 0.1, 50);
  auto ratio = option(*args, "--max-failure-ratio", 0, 0, 1);
  auto latency = option(*args, "--max-latency-ms", 0, 0, 600'000);
  auto duration = option(*args, "--duration", profile->load().steady_seconds(), 0.1, kMaxPhaseSeconds);
  for (const auto* r : {&low, &resolution, &ratio, &latency, &duration})
    if (!*r) return fail(r->error().toString(), 2);
  profile->mutable_load()->set_steady_seconds(*duration);
  const ReportPaths paths = reportPathsOf(*args);
  for (const auto& [option, path] : paths.all())
    if (auto s = checkWritable(option, *path); !s) return fail(s.error().toString(), 2);
  const std::string primary = primaryTarget(*args);
  auto clientEnd = bench::parseEndpoint(*args->get("--client"), primary);
  auto serverEnd = bench::parseEndpoint(*args->get("--server"), primary);
  if (!clientEnd) return fail(clientEnd.error().withPrefix("--client").toString(), 2);
  if (!serverEnd) return fail(serverEnd.error().withPrefix("--server").toString(), 2);
  std::map<std::string, std::unique_ptr<client::DroneConnection>> drones;
  for (const auto& e : {*clientEnd, *serverEnd}) {
    if (drones.count(e.drone)) continue;
    auto conn = connectTo(*args, e.drone, args->has("--tls"), true);
    if (!conn) return fail(conn.error().toString());
    drones[e.drone] = std::move(conn).value();
  }
  const FlowSide server{drones[serverEnd->drone].get(), serverEnd->port, v1::FLOW_SERVER};
  const FlowSide clients{drones[clientEnd->drone].get(), clientEnd->port, v1::FLOW_CLIENT};
  const client::FlowCriteria criteria{*ratio, uint64_t(*latency * 1e6)};
  const std::string unit = byRate ? " connections/s" : " concurrent";
  std::cout << "RFC 9411 " << (byRate ? "connections per second" : "concurrent connection capacity") << ": " << *low << ".."
            << *high << unit << ", " << *duration << " s a trial, pass: at most " << *ratio * 100 << " % failed"
            << (*latency > 0 ? ", last-byte p99 at most " + decimalText(*latency) + " ms" : std::string()) << "\n";
  if (const std::string note = client::flowSearchPacingNote(*profile, byRate); !note.empty()) std::cout << "note: " << note << "\n";

  RunGuard guard(0);
  client::FlowSearchRun run;
  run.profile = *profile;
  run.byRate = byRate;
  run.settings = {*low, *high, *resolution / 100};
  run.criteria = criteria;
  run.clientPort = *args->get("--client");
  run.serverPort = *args->get("--server");
  run.generator = kBenchmarkGenerator;
  run.startNs = int64_t(realtimeNs());
  size_t tried = 0;
  run.result = client::searchFlowLoad(run.settings, [&](double load) {
    client::FlowTrialOutcome o;
    const auto start = int64_t(realtimeNs());
    if (RunGuard::stopSignal()) {
      o.testerLimited = o.stopped = true, o.why = "stopped on request before it ran";
    } else if (auto result = runTrial(server, clients, *profile, byRate, load); !result) {
      o.testerLimited = true, o.why = result.error().toString();
    } else {
      o = client::judgeFlowTrial(*result, criteria);
      if (RunGuard::stopSignal())  // cut short: its numbers are kept, never judged
        o.passed = false, o.testerLimited = o.stopped = true, o.why = "stopped on request during the trial: " + o.why;
    }
    o.startNs = start, o.endNs = int64_t(realtimeNs());
    std::cout << "trial " << ++tried << ": " << load << unit << ": "
              << (o.testerLimited ? "not judged" : o.passed ? "passed" : "failed") << " (" << o.why << ")\n";
    return o;
  });
  run.endNs = int64_t(realtimeNs());
  std::cout << "\n" << client::flowSearchAnswer(run) << "\n";
  if (const std::string note = client::flowSearchTesterNote(run); !note.empty()) std::cout << note << "\n";
  if (auto s = writeFiles(paths, run, *resolution); !s) return fail(s.error().toString());
  return guard.exitCode(run.result.complete ? 0 : 1, {clients.port, server.port}, "the trials above are all that ran");
}

}  // namespace staccato::cli
