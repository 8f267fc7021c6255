#include "common/files/stream_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "common/files/json_document.h"

namespace staccato {

uint32_t requiredStreamFileFormat(const v1::StreamFile& file) {
  for (const auto& stream : file.streams())
    if (stream.has_replay()) return 2;
  return 1;
}

namespace {

/// The format this content needs (replay streams need 2): what a file without format_version
/// should have written. A lone stream is told it needs the file around it.
std::string streamFileVersionHint(const google::protobuf::Value& root) {
  const auto& members = root.struct_value().fields();
  if (members.contains("layers") && !members.contains("streams"))
    return "this looks like one stream, not a stream file: a stream file is {\"format_version\": 1, \"streams\": [STREAM, ...]}";
  bool replay = false;
  if (auto it = members.find("streams"); it != members.end())
    for (const auto& stream : it->second.list_value().values())
      replay = replay || stream.struct_value().fields().contains("replay");
  return replay ? "a stream file with replay streams starts with {\"format_version\": 2, ...}"
                : "a stream file starts with {\"format_version\": 1, ...} (2 only when a stream is a replay)";
}

}  // namespace

Result<v1::StreamFile> parseStreamFile(std::string_view json) {
  v1::StreamFile file;
  if (auto s = parseVersionedJson(json, {"stream file", kStreamFileFormat, streamFileVersionHint}, file); !s) return s.error();
  return file;
}

Result<v1::StreamFile> loadStreamFile(const std::string& path) { return loadTextFile(path, parseStreamFile); }

std::string streamFileToJson(v1::StreamFile file) {
  file.set_format_version(requiredStreamFileFormat(file));
  return messageToPrettyJson(file);
}

Status writeFileAtomically(const std::string& path, std::string_view content) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return makeError(path, std::string("cannot write: ") + std::strerror(errno));
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.flush();
    if (!out) {
      std::remove(tmp.c_str());
      return makeError(path, std::string("write failed: ") + std::strerror(errno));
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    return makeError(path, std::string("cannot replace: ") + std::strerror(errno));
  }
  return Ok{};
}

Status saveStreamFile(const std::string& path, const v1::StreamFile& file) {
  return writeFileAtomically(path, streamFileToJson(file));
}

}  // namespace staccato
