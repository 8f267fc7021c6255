// staccato-cli flows run PROFILE --client PORT --server PORT: the profile's servers on one port,
// its clients on another (the same drone or --server-drone's), a progress line a second, then
// the results and a verdict; the servers stop when the clients are done (or on Ctrl-C).
#include <chrono>
#include <iostream>
#include <optional>
#include <thread>

#include "client/cli/args.h"
#include "client/cli/commands.h"
#include "client/cli/drone_call.h"
#include "client/cli/drone_options.h"
#include "client/cli/flow_sides.h"
#include "client/cli/flows_text.h"
#include "client/cli/run_guard.h"
#include "client/cli/stats_format.h"
#include "client/core/flows/flow_run_junit.h"
#include "common/files/flow_profile.h"
#include "common/files/stream_file.h"

namespace staccato::cli {

namespace {

constexpr const char* kUsage =
    "usage: staccato-cli flows run PROFILE [--client PORT] [--server PORT] [--server-drone HOST] [--duration SECONDS] "
    "[--max-failure-ratio R] [--json] [--junit OUT.xml]  (at least one of --client and --server)";
constexpr double kPollSeconds = 1.0;

}  // namespace

int flowsRunCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, withDroneOptions({"--client", "--server", "--server-drone", "--duration", "--max-failure-ratio", "--junit"}),
                        withDroneFlags({"--json"}));
  if (!args) return fail(args.error().toString(), 2);
  if (args->positional.size() != 2 || (!args->get("--client") && !args->get("--server"))) return fail(kUsage, 2);
  if (args->get("--junit") && !args->get("--client")) return fail("--junit: the report judges the client side: give --client", 2);
  auto profile = loadFlowProfile(args->positional[1]);
  if (!profile) return fail(profile.error().toString(), 2);
  if (auto d = args->get("--duration")) {
    auto seconds = decimalOption("--duration", *d, 0, kMaxPhaseSeconds, true);
    if (!seconds) return fail(seconds.error().toString(), 2);
    profile->mutable_load()->set_steady_seconds(*seconds);  // the phase results are read in
  }
  double maxFailures = 0;
  if (auto r = args->get("--max-failure-ratio")) {
    auto ratio = decimalOption("--max-failure-ratio", *r, 0, 1);
    if (!ratio) return fail(ratio.error().toString(), 2);
    maxFailures = *ratio;
  }
  auto clientDrone = connect(*args);
  if (!clientDrone) return fail(clientDrone.error().toString());
  std::unique_ptr<client::DroneConnection> otherDrone;
  if (auto target = args->get("--server-drone")) {
    auto conn = connectTo(*args, *target, args->has("--tls"), true);
    if (!conn) return fail(conn.error().toString());
    otherDrone = std::move(conn).value();
  }
  std::optional<FlowSide> server, clients;
  if (auto port = args->get("--server")) server = FlowSide{otherDrone ? otherDrone.get() : clientDrone->get(), *port, v1::FLOW_SERVER};
  if (auto port = args->get("--client")) clients = FlowSide{clientDrone->get(), *port, v1::FLOW_CLIENT};
  const bool json = args->has("--json");
  std::ostream& progress = json ? std::cerr : std::cout;
  progress << flowProfileText(*profile);

  RunGuard guard(0);
  v1::StartFlowsReply made;
  if (server) {
    if (!startFlowSide(*server, *profile, made)) return 1;
    progress << "servers: " << made.hosts() << " on " << server->port << " (made in " << made.setup_ns() / 1'000'000 << " ms)\n";
  }
  if (clients) {
    if (!startFlowSide(*clients, *profile, made)) {
      if (server) stopFlowSide(*server);
      return 1;
    }
    progress << "clients: " << made.hosts() << " on " << clients->port << " (made in " << made.setup_ns() / 1'000'000 << " ms)\n";
  } else {
    progress << "servers answer for the profile's " << profile->load().ramp_up_seconds() + profile->load().steady_seconds() +
                    profile->load().ramp_down_seconds() << " s (clients elsewhere)\n";
  }

  // The client side's progress; a server alone answers until the profile's phases are over.
  const FlowSide& watched = clients ? *clients : *server;
  v1::PortFlows before, now;
  auto last = std::chrono::steady_clock::now();
  bool reading = readFlowSide(watched, false, before);
  auto ongoing = [&](const v1::PortFlows& p) { return clients ? p.running() : p.elapsed_ns() < p.duration_ns(); };
  while (reading && ongoing(before) && !RunGuard::stopSignal()) {
    std::this_thread::sleep_for(std::chrono::duration<double>(kPollSeconds));
    if (!(reading = readFlowSide(watched, false, now))) break;
    const auto at = std::chrono::steady_clock::now();
    if (clients) progress << flowProgressLine(now, before, std::chrono::duration<double>(at - last).count()) << "\n";
    before = now;
    last = at;
  }
  if (clients) stopFlowSide(*clients);  // ends it early on a signal; removes the client hosts either way
  if (server) stopFlowSide(*server);
  v1::PortFlows clientResult, serverResult;
  if ((clients && !readFlowSide(*clients, true, clientResult)) || (server && !readFlowSide(*server, false, serverResult))) return 1;
  const double steadySeconds = profile->load().steady_seconds();
  if (json) {
    std::cout << "{\"profile\": " << toJson(*profile);
    if (clients) std::cout << ",\n \"client\": " << toJson(clientResult);
    if (server) std::cout << ",\n \"server\": " << toJson(serverResult);
    std::cout << "}\n";
  } else {
    printFlowResults(std::cout, clients ? &clientResult : nullptr, server ? &serverResult : nullptr, steadySeconds);
  }
  std::vector<std::string> ports;
  for (const auto& side : {clients, server})
    if (side) ports.push_back(side->port);
  if (!clients) return guard.exitCode(0, ports, "the results above cover the run until then");
  progress << "\n" << client::flowVerdictLine(clientResult) << "\n";
  if (auto path = args->get("--junit")) {
    if (auto s = writeFileAtomically(*path, client::flowRunJunit(*profile, clientResult, maxFailures)); !s)
      return fail(s.error().toString());
    progress << "wrote " << *path << "\n";
  }
  const bool failed = !client::flowRunPassed(clientResult, maxFailures);
  return guard.exitCode(failed ? 1 : 0, ports, "the results above cover the run until then");
}

}  // namespace staccato::cli
