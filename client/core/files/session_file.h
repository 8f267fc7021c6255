#pragma once
/// Session files: every drone (address only, never a token), each port's configuration and
/// streams, in one versioned JSON document (SessionFile in protobuf's JSON mapping).
#include <cstdint>
#include <string>
#include <string_view>

#include "common/core/result.h"
#include "staccato/v1/session.pb.h"

namespace staccato::client {

/// The newest session file format this build reads and writes.
inline constexpr uint32_t kSessionFileFormat = 1;

/// Parses and validates a whole session: schema (unknown members name their JSON path), format
/// version, unique drone addresses and port names, and every port's streams compile (errors
/// like "drones[0].ports[1].streams[2].layers[1].ip.ttl: ..."). All or nothing.
Result<v1::SessionFile> parseSessionFile(std::string_view json);
/// Reads and parses a file; errors start with the file name.
Result<v1::SessionFile> loadSessionFile(const std::string& path);

/// Pretty JSON, format_version and saved_by set.
std::string sessionFileToJson(v1::SessionFile session);
/// Writes atomically.
Status saveSessionFile(const std::string& path, const v1::SessionFile& session);

/// True when JSON text is a session document (has "drones") rather than a stream file; lets
/// commands take either.
bool looksLikeSessionFile(std::string_view json);

}  // namespace staccato::client
