#pragma once
/// The words for an errno value: every "cannot open X: <why>" in the tree says it the same way.
#include <cstring>
#include <string>

namespace staccato {

/// strerror of an errno value, or of libbpf's negative error.
inline std::string errorText(int err) { return std::strerror(err < 0 ? -err : err); }

}  // namespace staccato
