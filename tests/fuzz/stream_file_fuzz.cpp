/// Stream files: parse (as loadStreamFile does), compile and render what parses, and check that
/// saving and loading again gives the same file.
#include <cstdlib>
#include <string_view>

#include <google/protobuf/util/message_differencer.h>

#include "common/files/stream_file.h"
#include "tests/fuzz/render_streams.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace staccato;
  auto file = parseStreamFile(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!file) return 0;
  fuzz::compileAndRender(file->streams());
  auto again = parseStreamFile(streamFileToJson(*file));
  if (!again) std::abort();
  again->set_format_version(file->format_version());  // saving may pick another format
  if (!google::protobuf::util::MessageDifferencer::Equals(*file, *again)) std::abort();
  return 0;
}
