// staccato-cli: drive Staccato from a shell or CI.
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "client/cli/commands.h"

namespace staccato::cli {

int fail(const std::string& message, int code) {
  std::cerr << "staccato-cli: " << message << "\n";
  return code;
}

namespace {

constexpr const char* kUsage = R"(Usage: staccato-cli COMMAND [OPTIONS]

Commands:
  build STREAM_FILE --count N --output OUT.pcap [--line-rate BPS]
        Write the first N packets of every enabled stream in STREAM_FILE to a pcap file,
        exactly as they would be sent, with timestamps from each stream's rate.
  protocols [--markdown]
        List every protocol and field Staccato can build (Wireshark display-filter names).

Drone commands (options: --drone HOST:PORT (default 127.0.0.1:7878 or $STACCATO_DRONE),
--token-file FILE, --tls, --ca CA.pem):
  ports                      The drone's ports.
  run STREAM_FILE --tx PORT [--rx PORT] [--duration SECONDS] [--json]
                             Load the streams on PORT, send, show progress, stop when done or
                             after SECONDS, print port and per-stream stats (loss, latency...).
  stats [PORT...] [--watch] [--interval MS] [--json]
  start PORT... | stop PORT... | clear [PORT...]
  reserve PORT | release PORT [--force]
                             Reserve a port for yourself ($STACCATO_CLIENT_ID or user@host):
                             others cannot change, start or stop it until you release it.
  help  Show this text.

Stream files are JSON (see docs/stream-files.md and docs/examples/).
)";

}  // namespace
}  // namespace staccato::cli

int main(int argc, char** argv) {
  using namespace staccato::cli;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
    std::cout << kUsage;
    return args.empty() ? 2 : 0;
  }
  const std::string cmd = args[0];
  args.erase(args.begin());
  if (cmd == "build") return buildCommand(args);
  if (cmd == "protocols") return protocolsCommand(args);
  if (cmd == "ports") return portsCommand(args);
  if (cmd == "stats") return statsCommand(args);
  if (cmd == "run") return runCommand(args);
  if (cmd == "start" || cmd == "stop" || cmd == "clear" || cmd == "reserve" || cmd == "release")
    return portActionCommand(cmd, args);
  return fail("unknown command '" + cmd + "' (try: staccato-cli help)", 2);
}
