#pragma once
/// Access tokens, read and checked in one place for the drone and every client. A token file is
/// a small regular file (read at most kMaxTokenFileBytes: `--token-file /dev/zero` once made both
/// sides read forever); a token is printable ASCII, as an HTTP/2 header value must be (a control
/// byte or 0xff once made gRPC abort the CLI).
#include <string>
#include <string_view>

#include "common/core/result.h"

namespace staccato {

inline constexpr size_t kMaxTokenFileBytes = 4096;

struct TokenFile {
  std::string token;           ///< its first line, trailing spaces and CR removed
  bool othersCanRead = false;  ///< every user of the host may read it (mode o+r)
};

/// The token in `path`: a regular file, at most kMaxTokenFileBytes, a first line of 1..1024
/// printable ASCII characters.
Result<TokenFile> readTokenFile(const std::string& path);

/// A token typed or read anywhere: 1..1024 printable ASCII characters (0x21..0x7e). `where`
/// names it in the error.
Status checkTokenText(std::string_view token, const std::string& where);

/// What to say about a token file others can read.
std::string othersCanReadNote(const std::string& path);

}  // namespace staccato
