// staccato-cli export: a stream file's or a drone port's streams -> pcap/pcapng, exactly as
// they would be sent.
#include "client/cli/capture_writing.h"
#include "client/cli/commands.h"
#include "client/cli/drone_call.h"
#include "client/cli/drone_options.h"
#include "common/files/stream_file.h"

namespace staccato::cli {

namespace {
constexpr const char* kUsage =
    "usage: staccato-cli export (STREAM_FILE | --port PORT [drone options]) [--count N] --output OUT.pcap|OUT.pcapng";

}  // namespace

int exportCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, withDroneOptions({"--port", "--count", "--output", "--line-rate"}), withDroneFlags({}));
  if (!args) return fail(args.error().toString(), 2);
  const bool fromPort = args->get("--port").has_value();
  if (args->positional.size() != (fromPort ? 0u : 1u) || !args->get("--output")) return fail(kUsage, 2);
  std::optional<uint64_t> count;
  if (args->get("--count")) {
    auto n = args->number("--count", 1, 1, kMaxWrittenPackets);
    if (!n) return fail(n.error().toString(), 2);
    count = *n;
  }
  auto lineRate = writtenLineRate(*args);
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
  return writeStreamsCapture(streams, count, *lineRate, source, *args->get("--output"));
}

}  // namespace staccato::cli
