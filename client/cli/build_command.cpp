// staccato-cli build: stream file -> pcap or pcapng, through the same compiler the drone uses.
#include <iostream>

#include "client/cli/args.h"
#include "client/cli/commands.h"
#include "common/files/capture_export.h"
#include "common/files/stream_file.h"
#include "common/stream/compiler.h"
#include "common/stream/link_fill.h"

namespace staccato::cli {

namespace {
constexpr uint64_t kMaxCount = 100000000;
constexpr double kDefaultLineRate = 10e9;
}  // namespace

int buildCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, {"--count", "--output", "--line-rate"}, {});
  if (!args) return fail(args.error().toString(), 2);
  if (args->positional.size() != 1 || !args->get("--output"))
    return fail("usage: staccato-cli build STREAM_FILE --count N --output OUT.pcap|OUT.pcapng", 2);
  auto count = args->number("--count", 1, 1, kMaxCount);
  if (!count) return fail(count.error().toString(), 2);
  auto lineRate = args->number("--line-rate", static_cast<uint64_t>(kDefaultLineRate), 1000, 1000000000000ull);
  if (!lineRate) return fail(lineRate.error().toString(), 2);

  auto file = loadStreamFile(args->positional[0]);
  if (!file) return fail(file.error().toString());
  auto plans = compileAll(file->streams());
  if (!plans) return fail(args->positional[0] + ": " + plans.error().toString());

  const std::string output = *args->get("--output");
  auto writer = PcapWriter::create(output, captureFormatForPath(output));
  if (!writer) return fail(writer.error().toString());
  for (const TxPlan& p : *plans)
    if (p.link.active()) std::cerr << "stream " << p.streamId << ": " << kLinkFillNote << "\n";
  auto written = exportPlans(*plans, {*count, kMaxCount, double(*lineRate)}, *writer);
  if (!written) return fail(args->positional[0] + ": " + written.error().toString());
  if (auto st = writer->close(); !st) return fail(st.error().toString());
  std::cerr << "wrote " << *written << " packets from " << plans->size() << " streams to " << output << "\n";
  return 0;
}

}  // namespace staccato::cli
