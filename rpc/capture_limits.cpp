#include "rpc/capture_limits.h"

namespace staccato::rpc {

std::string captureFilterProblem(std::string_view filter) {
  if (filter.size() > kMaxCaptureFilterChars)
    return std::to_string(filter.size()) + " characters; at most " + std::to_string(kMaxCaptureFilterChars) + " are allowed";
  for (unsigned char c : filter)
    if (c < 0x20 || c >= 0x7f) return "only printable ASCII is allowed in a BPF filter (found byte " + std::to_string(c) + ")";
  return "";
}

}  // namespace staccato::rpc
