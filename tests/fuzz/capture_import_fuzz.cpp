/// The capture importer: whatever capture parses is imported per packet (with and without
/// recomputed checksums) and as one replay stream; an import that succeeds must give streams
/// that compile, and they are rendered.
#include <cstdlib>

#include "common/files/capture_import.h"
#include "tests/fuzz/render_streams.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace staccato;
  auto packets = parseCapture({data, size});
  if (!packets) return 0;
  for (bool recompute : {false, true}) {
    auto imported = importPackets(*packets, {.recomputeChecksums = recompute});
    if (imported && !fuzz::compileAndRender(imported->file.streams())) std::abort();
  }
  auto replay = importReplay(*packets, {});
  if (replay && !fuzz::compileAndRender(replay->file.streams())) std::abort();
  return 0;
}
