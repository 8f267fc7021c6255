#include "common/files/json_document.h"

#include <optional>

#include <google/protobuf/util/json_util.h>

#include "common/files/json_schema_check.h"

namespace staccato {
namespace {

/// protobuf's syntax errors are "what\n<excerpt>\n<caret>": keep the first line and the excerpt.
std::string syntaxError(std::string_view message) {
  std::string text(message);
  const size_t nl = text.find('\n');
  if (nl == std::string::npos) return text;
  std::string what = text.substr(0, nl), rest = text.substr(nl + 1);
  const size_t caret = rest.rfind('\n');
  std::string near = rest.substr(0, caret == std::string::npos ? rest.size() : caret);
  for (char& c : near)
    if (c == '\n') c = ' ';
  return what + (near.empty() ? "" : " (near: " + near + ")");
}

/// The byte offset where arrays and objects first nest deeper than kMaxJsonDepth, if they do.
/// Brackets inside strings do not count; one pass, no allocation.
std::optional<size_t> tooDeepAt(std::string_view json) {
  size_t depth = 0;
  bool inString = false;
  for (size_t i = 0; i < json.size(); ++i) {
    const char c = json[i];
    if (inString) {
      if (c == '\\') ++i;  // the escaped character cannot end the string
      else if (c == '"') inString = false;
      continue;
    }
    if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth) return i;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return std::nullopt;
}

Status checkFormatVersion(const google::protobuf::Value& root, const DocumentFormat& format) {
  const std::string example = format.versionHint ? format.versionHint(root)
                                                : "a " + std::string(format.kind) + " starts with {\"format_version\": " +
                                                      std::to_string(format.newest) + ", ...}";
  const auto& members = root.struct_value().fields();
  const auto it = members.find("format_version");
  if (it == members.end()) return makeError("format_version", "missing; " + example);
  const double v = it->second.number_value();
  if (it->second.kind_case() != google::protobuf::Value::kNumberValue || v < 1 || v != static_cast<uint32_t>(v))
    return makeError("format_version", "expected a whole number from 1; " + example);
  if (v > format.newest)
    return makeError("format_version", "the file is format " + std::to_string(static_cast<uint32_t>(v)) +
                                           ", written by a newer Staccato; this version reads formats up to " +
                                           std::to_string(format.newest) + " (upgrade Staccato)");
  return Ok{};
}

}  // namespace

Result<google::protobuf::Value> parseJsonValue(std::string_view json, std::string_view kind) {
  const std::string notValid = "not a valid " + std::string(kind) + ": ";
  if (auto at = tooDeepAt(json))
    return makeError("", notValid + "arrays and objects nest more than " + std::to_string(kMaxJsonDepth) +
                             " levels deep at byte " + std::to_string(*at) + " (Staccato's files need about a dozen)");
  google::protobuf::Value root;
  if (auto s = google::protobuf::util::JsonStringToMessage(std::string(json), &root); !s.ok())
    return makeError("", notValid + (json.empty() ? "the file is empty" : syntaxError(std::string(s.message()))));
  return root;
}

Status parseVersionedJson(std::string_view json, const DocumentFormat& format, google::protobuf::Message& out) {
  out.Clear();
  const std::string kind(format.kind);
  auto parsed = parseJsonValue(json, kind);
  if (!parsed) return parsed.error();
  const google::protobuf::Value& root = *parsed;
  if (root.kind_case() != google::protobuf::Value::kStructValue)
    return makeError("", "not a valid " + kind + ": expected a JSON object {\"format_version\": ...}");
  // The version first: a newer file's new members are not "unknown", they are newer.
  if (auto s = checkFormatVersion(root, format); !s) return s;
  if (auto s = checkJsonAgainstSchema(root, *out.GetDescriptor()); !s) return s;
  google::protobuf::util::JsonParseOptions opts;
  opts.ignore_unknown_fields = false;
  if (auto s = google::protobuf::util::JsonStringToMessage(std::string(json), &out, opts); !s.ok()) {
    out.Clear();
    return makeError("", "not a valid " + kind + ": " + std::string(s.message()));
  }
  return Ok{};
}

std::string messageToPrettyJson(const google::protobuf::Message& message) {
  std::string out;
  google::protobuf::util::JsonPrintOptions opts;
  opts.add_whitespace = true;
  opts.preserve_proto_field_names = true;
  (void)google::protobuf::util::MessageToJsonString(message, &out, opts);
  return out;
}

}  // namespace staccato
