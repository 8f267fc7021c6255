/// Session files: parse and validate (which compiles every port's streams), render the
/// streams, and check that saving and loading again gives the same session.
#include <cstdlib>
#include <string_view>

#include <google/protobuf/util/message_differencer.h>

#include "client/core/files/session_file.h"
#include "tests/fuzz/render_streams.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace staccato;
  auto session = client::parseSessionFile(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!session) return 0;
  for (const v1::SessionDrone& drone : session->drones())
    for (const v1::SessionPort& port : drone.ports())
      if (!fuzz::compileAndRender(port.streams())) std::abort();  // the loader checked they compile
  auto again = client::parseSessionFile(client::sessionFileToJson(*session));
  if (!again) std::abort();
  // Saving stamps the current format and this build's version.
  again->set_format_version(session->format_version());
  again->set_saved_by(session->saved_by());
  if (!google::protobuf::util::MessageDifferencer::Equals(*session, *again)) std::abort();
  return 0;
}
