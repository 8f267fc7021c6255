// staccato-cli import: a pcap/pcapng capture -> a stream file (one stream per packet, or one
// replay stream).
#include <filesystem>
#include <iostream>

#include "client/cli/args.h"
#include "client/cli/commands.h"
#include "common/files/capture_import.h"
#include "common/files/stream_file.h"

namespace staccato::cli {

namespace {
constexpr const char* kUsage =
    "usage: staccato-cli import CAPTURE --output STREAMS.json [--replay [--pps N | --speed X]] [--recompute-checksums]";
constexpr uint64_t kMaxPps = 1000000000;
}  // namespace

int importCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, {"--output", "--pps", "--speed"}, {"--replay", "--recompute-checksums"});
  if (!args) return fail(args.error().toString(), 2);
  if (args->positional.size() != 1 || !args->get("--output")) return fail(kUsage, 2);
  const bool replay = args->has("--replay");
  if (!replay && (args->get("--pps") || args->get("--speed"))) return fail("--pps and --speed need --replay", 2);
  if (replay && args->has("--recompute-checksums"))
    return fail("--recompute-checksums is for per-packet import; a replay sends the frames as captured", 2);
  if (args->get("--pps") && args->get("--speed"))
    return fail("--pps (evenly spaced) and --speed (the capture's timing, faster or slower) exclude each other", 2);
  auto pps = args->number("--pps", 0, 1, kMaxPps);
  if (!pps) return fail(pps.error().toString(), 2);
  double speed = 0;
  if (auto text = args->get("--speed")) {
    auto v = decimalOption("--speed", *text, 0, 1e6, true);
    if (!v) return fail(v.error().toString() + " (e.g. 2 = twice as fast as captured)", 2);
    speed = *v;
  }

  const std::string& capture = args->positional[0];
  auto packets = readCapture(capture);
  if (!packets) return fail(packets.error().toString());
  auto imported = replay ? importReplay(*packets, {double(*pps), speed, std::filesystem::path(capture).filename().string()})
                         : importPackets(*packets, {args->has("--recompute-checksums")});
  if (!imported) return fail(imported.error().withPrefix(capture).toString());
  for (const std::string& w : imported->warnings) std::cerr << "staccato-cli: warning: " << capture << ", " << w << "\n";
  if (auto st = saveStreamFile(*args->get("--output"), imported->file); !st) return fail(st.error().toString());
  std::cerr << "imported " << packets->size() << " packets as " << imported->file.streams_size()
            << (replay ? " replay stream" : " streams") << " to " << *args->get("--output") << "\n";
  return 0;
}

}  // namespace staccato::cli
