#pragma once
/// Versioned JSON documents (stream files, session files): protobuf's JSON mapping, checked
/// against the message's schema first so that an error names the JSON path of what is wrong
/// ("streams[2].rate.unit: 'PPSS' is not one of UNIT_UNSPECIFIED, PPS, ...") instead of only
/// the parser's complaint.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include <google/protobuf/message.h>
#include <google/protobuf/struct.pb.h>

#include "common/core/result.h"

namespace staccato {

/// Which document a file is, and the formats this build reads.
struct DocumentFormat {
  std::string_view kind;  ///< "stream file", "session file": used in messages
  uint32_t newest = 1;    ///< the newest format_version this build reads
  /// What a file with this content starts with, for a missing or wrong format_version (e.g.
  /// `a stream file starts with {"format_version": 1, ...}`); none: the newest format.
  std::function<std::string(const google::protobuf::Value& root)> versionHint;
};

/// Parses `json` into `out`: JSON syntax, then format_version (present, 1..newest, or an error
/// saying the file is from a newer Staccato), then every member against `out`'s schema.
/// On error `out` is left cleared: nothing is partially loaded.
Status parseVersionedJson(std::string_view json, const DocumentFormat& format, google::protobuf::Message& out);

/// How deeply JSON arrays and objects may nest in a document. Staccato's own files need about
/// a dozen levels (protobuf's parser itself gives up near 50); the limit keeps hostile files
/// (`[[[[...]]]]`) from costing the parser quadratic time or a deep stack.
inline constexpr size_t kMaxJsonDepth = 32;

/// Parses JSON text into a generic value: refuses, in one linear pass before protobuf's parser
/// sees it, text that nests deeper than kMaxJsonDepth ("nest more than 32 levels deep at
/// byte N"), then reports syntax errors with an excerpt of where they are.
Result<google::protobuf::Value> parseJsonValue(std::string_view json, std::string_view kind);

/// Pretty JSON with the proto field names (snake_case), as every Staccato file is written.
std::string messageToPrettyJson(const google::protobuf::Message& message);

}  // namespace staccato
