// staccato-cli build: stream file -> pcap or pcapng, through the same compiler the drone uses.
#include <iostream>

#include "client/cli/args.h"
#include "client/cli/capture_writing.h"
#include "client/cli/commands.h"
#include "common/files/stream_file.h"

namespace staccato::cli {

int buildCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, {"--count", "--output", "--line-rate"}, {});
  if (!args) return fail(args.error().toString(), 2);
  if (args->positional.size() != 1 || !args->get("--output"))
    return fail("usage: staccato-cli build STREAM_FILE --count N --output OUT.pcap|OUT.pcapng", 2);
  auto count = args->number("--count", 1, 1, kMaxWrittenPackets);
  if (!count) return fail(count.error().toString(), 2);
  auto lineRate = writtenLineRate(*args);
  if (!lineRate) return fail(lineRate.error().toString(), 2);
  auto file = loadStreamFile(args->positional[0]);
  if (!file) return fail(file.error().toString());
  return writeStreamsCapture(file->streams(), *count, *lineRate, args->positional[0], *args->get("--output"));
}

}  // namespace staccato::cli
