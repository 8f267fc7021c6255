// staccato-cli watch [PORT...] [--interval S] [--record FILE] [--duration S] [--json]: the port
// and stream tables every interval, as long as it runs (Ctrl-C ends it), and with --record every
// snapshot kept in a file the GUI opens again (client/core/files/stats_recording.h).
#include <unistd.h>

#include <chrono>
#include <iostream>

#include "client/cli/commands.h"
#include "client/cli/drone_options.h"
#include "client/cli/latency_files.h"
#include "client/cli/run_guard.h"
#include "client/cli/safe_output.h"
#include "client/cli/stats_format.h"
#include "client/core/files/stats_recording.h"
#include "client/core/stats_reader.h"

namespace staccato::cli {

int watchCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, withDroneOptions({"--interval", "--record", "--duration"}), withDroneFlags({"--json", "--quiet"}));
  if (!args) return fail(args.error().toString(), 2);
  auto interval = decimalOption("--interval", args->get("--interval").value_or("1"), 0.1, 3600);
  auto duration = decimalOption("--duration", args->get("--duration").value_or("0"), 0, 31 * 86400.0);
  if (!interval || !duration) return fail((!interval ? interval.error() : duration.error()).toString(), 2);
  const auto intervalMs = static_cast<uint32_t>(*interval * 1000 + 0.5);
  std::unique_ptr<client::StatsRecorder> recorder;
  if (auto path = args->get("--record")) {
    auto r = client::StatsRecorder::open(*path, intervalMs);
    if (!r) return fail(r.error().toString(), 2);
    recorder = std::move(r).value();
  }
  auto conn = connect(*args);
  if (!conn) return fail(conn.error().toString());
  const std::string drone = (*conn)->address().fleetName.empty() ? (*conn)->address().target : "@" + (*conn)->address().fleetName;
  RunGuard guard(0);  // Ctrl-C ends the watch after the snapshot in hand, the recording whole
  client::StatsReader reader(**conn, intervalMs, args->positional, recorder != nullptr);
  const auto began = std::chrono::steady_clock::now();
  const bool quiet = args->has("--quiet"), tty = isatty(STDOUT_FILENO);
  v1::StatsSnapshot snap;
  while (reader.next(snap)) {
    if (recorder)
      if (auto s = recorder->record(drone, snap); !s) {
        reader.cancel();
        return fail(s.error().toString());
      }
    if (args->has("--json")) {
      printJson(std::cout, snap);
    } else if (!quiet) {
      if (tty) writeControl(std::cout, "\x1b[H\x1b[2J");
      printStatsTables(std::cout, snap);
    }
    std::cout.flush();
    const bool over = *duration > 0 && std::chrono::steady_clock::now() - began >= std::chrono::duration<double>(*duration);
    if (over || RunGuard::stopSignal()) {
      reader.cancel();
      break;
    }
  }
  auto s = reader.finish();
  if (recorder) std::cerr << "staccato-cli: recorded " << recorder->written() << " intervals to " << recorder->path() << "\n";
  if (!s.ok() && s.error_code() != grpc::StatusCode::CANCELLED) return fail(client::describe(s, (*conn)->address().target));
  return guard.exitCode(0, {}, recorder ? "the recording holds every interval until then" : "");
}

}  // namespace staccato::cli
