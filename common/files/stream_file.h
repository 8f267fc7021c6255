#pragma once
/// Stream files: a StreamFile message in protobuf's JSON mapping, with a format version.
#include <string>
#include <string_view>

#include "common/core/result.h"
#include "common/files/file_reading.h"
#include "staccato/v1/stream.pb.h"

namespace staccato {

/// The newest stream file format this build reads. Format 2 added replay streams; a file is
/// written in the oldest format that can hold it, so older Staccato versions still read files
/// that do not use newer features.
inline constexpr uint32_t kStreamFileFormat = 2;

/// The oldest format that can hold `file` (2 when a stream is a replay, else 1).
uint32_t requiredStreamFileFormat(const v1::StreamFile& file);

/// Parses JSON text; rejects unknown members (naming their JSON path) and files from a newer
/// format. Formats 1..kStreamFileFormat load as they are (each format only added members).
Result<v1::StreamFile> parseStreamFile(std::string_view json);
/// Reads and parses a file; errors start with the file name.
Result<v1::StreamFile> loadStreamFile(const std::string& path);

/// Pretty JSON with the proto field names (snake_case), format_version = the required format.
std::string streamFileToJson(v1::StreamFile file);
/// Writes atomically (temporary file + rename) so a failure never leaves half a file.
Status saveStreamFile(const std::string& path, const v1::StreamFile& file);

/// Reads a file of at most `maxBytes` and parses its text with `parse` (a
/// Result<T>(std::string_view)); parse errors start with the file name.
template <typename Parse>
auto loadTextFile(const std::string& path, Parse parse, size_t maxBytes = kMaxDataFileBytes) -> decltype(parse(std::string_view{})) {
  auto text = readTextFile(path, maxBytes);
  if (!text) return text.error();
  auto parsed = parse(*text);
  if (!parsed) return parsed.error().inFile(path);
  return parsed;
}
/// Writes a whole file atomically.
Status writeFileAtomically(const std::string& path, std::string_view content);

}  // namespace staccato
