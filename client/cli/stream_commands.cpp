// staccato-cli load / streams: put a stream file on a port without sending, and read a port's
// streams back as a stream file (to save or share what a port holds).
#include <iostream>

#include "client/cli/commands.h"
#include "client/cli/drone_call.h"
#include "client/cli/drone_options.h"
#include "common/files/stream_file.h"
#include "common/stream/compiler.h"

namespace staccato::cli {

int loadCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, withDroneOptions({"--port"}), withDroneFlags({}));
  if (!args) return fail(args.error().toString(), 2);
  if (args->positional.size() != 1 || !args->get("--port"))
    return fail("usage: staccato-cli load STREAM_FILE --port PORT", 2);
  auto file = loadStreamFile(args->positional[0]);
  if (!file) return fail(file.error().toString());
  if (auto plans = compileAll(file->streams()); !plans) return fail(args->positional[0] + ": " + plans.error().toString());
  auto conn = connect(*args);
  if (!conn) return fail(conn.error().toString());
  return setStreams(**conn, *args->get("--port"), file->streams()) ? 0 : 1;
}

int streamsCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, withDroneOptions({"--output"}), withDroneFlags({}));
  if (!args) return fail(args.error().toString(), 2);
  if (args->positional.size() != 1) return fail("usage: staccato-cli streams PORT [--output FILE]", 2);
  auto conn = connect(*args);
  if (!conn) return fail(conn.error().toString());
  auto streams = fetchStreams(**conn, args->positional[0]);
  if (!streams) return fail(streams.error().toString());
  v1::StreamFile file;
  *file.mutable_streams() = std::move(streams).value();
  if (auto out = args->get("--output")) {
    if (auto s = saveStreamFile(*out, file); !s) return fail(s.error().toString());
    return 0;
  }
  std::cout << streamFileToJson(file);
  return 0;
}

}  // namespace staccato::cli
