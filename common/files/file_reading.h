#pragma once
/// Reading a file the user named (a stream, session, fleet, config, result, capture, certificate
/// or token file): only a regular file, and never more than the caller's limit, so that a path
/// like /dev/zero, a FIFO or a huge file is refused with a clear error instead of filling memory.
#include <cstddef>
#include <string>

#include "common/core/result.h"

namespace staccato {

/// Stream and session files (replays travel in them as base64), captures.
inline constexpr size_t kMaxDataFileBytes = size_t{1} << 30;
/// Configs, results, certificates and keys: text a person writes or a run produces.
inline constexpr size_t kMaxSmallFileBytes = size_t{64} << 20;

/// The whole file, if it is a regular file of at most `maxBytes`; errors name the path and say
/// what is wrong ("not a regular file", "larger than N bytes", the system's reason).
Result<std::string> readTextFile(const std::string& path, size_t maxBytes = kMaxDataFileBytes);

}  // namespace staccato
