// staccato-cli export: a stream file's or a drone port's streams -> pcap/pcapng, exactly as
// they would be sent.
#include <iostream>

#include "client/cli/commands.h"
#include "client/cli/drone_call.h"
#include "client/cli/drone_options.h"
#include "common/files/capture_export.h"
#include "common/files/stream_file.h"
#include "common/stream/compiler.h"
#include "common/stream/link_fill.h"

namespace staccato::cli {

namespace {
constexpr const char* kUsage =
    "usage: staccato-cli export (STREAM_FILE | --port PORT [drone options]) [--count N] --output OUT.pcap|OUT.pcapng";
constexpr uint64_t kMaxCount = 100000000;
constexpr double kDefaultLineRate = 10e9;

}  // namespace

int exportCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, withDroneOptions({"--port", "--count", "--output", "--line-rate"}), withDroneFlags({}));
  if (!args) return fail(args.error().toString(), 2);
  const bool fromPort = args->get("--port").has_value();
  if (args->positional.size() != (fromPort ? 0u : 1u) || !args->get("--output")) return fail(kUsage, 2);
  std::optional<uint64_t> count;
  if (args->get("--count")) {
    auto n = args->number("--count", 1, 1, kMaxCount);
    if (!n) return fail(n.error().toString(), 2);
    count = *n;
  }
  auto lineRate = args->number("--line-rate", static_cast<uint64_t>(kDefaultLineRate), 1000, 1000000000000ull);
  if (!lineRate) return fail(lineRate.error().toString(), 2);

  const std::string source = fromPort ? "port " + *args->get("--port") : args->positional[0];
  google::protobuf::RepeatedPtrField<v1::Stream> streams;
  if (fromPort) {
    auto conn = connect(*args);
    if (!conn) return fail(conn.error().toString());
    auto fetched = fetchStreams(**conn, *args->get("--port"));
    if (!fetched) return fail(fetched.error().toString());
    streams = std::move(fetched).value();
  } else {
    auto file = loadStreamFile(source);
    if (!file) return fail(file.error().toString());
    streams = file->streams();
  }
  auto plans = compileAll(streams);
  if (!plans) return fail(source + ": " + plans.error().toString());

  const std::string output = *args->get("--output");
  auto writer = PcapWriter::create(output, captureFormatForPath(output));
  if (!writer) return fail(writer.error().toString());
  for (const TxPlan& p : *plans)
    if (p.link.active()) std::cerr << "stream " << p.streamId << ": " << kLinkFillNote << "\n";
  auto written = exportPlans(*plans, {count, kMaxCount, double(*lineRate)}, *writer);
  if (!written) return fail(source + ": " + written.error().toString());
  if (auto st = writer->close(); !st) return fail(st.error().toString());
  std::cerr << "wrote " << *written << " packets from " << plans->size() << " streams of " << source << " to " << output << "\n";
  return 0;
}

}  // namespace staccato::cli
