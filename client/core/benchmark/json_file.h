#pragma once
/// A whole JSON file of the benchmark's (a result, a config): its "format" and "format_version"
/// members, then one part walked by json_fields.h, written, read and described as JSON Schema.
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

#include "client/core/benchmark/json_fields.h"

namespace staccato::bench {

/// A file's JSON Schema: draft 2020-12, `title`, a "format" member that must be `format`, a
/// "format_version" of 1..newestVersion when that is above 0, then the members of `Part`;
/// `required` lists what a file must have.
template <class Part>
std::string fileSchema(std::string_view title, std::string_view format, std::initializer_list<std::string_view> required,
                       uint32_t newestVersion = 0) {
  JsonWriter w;
  w.beginObject();
  w.add("$schema", "https://json-schema.org/draft/2020-12/schema");
  w.add("title", title);
  w.add("type", "object");
  w.beginObject("properties");
  w.beginObject("format");
  w.add("const", format);
  w.endObject();
  if (newestVersion > 0) {
    w.beginObject("format_version");
    w.add("type", "integer");
    w.add("minimum", uint64_t{1});
    w.add("maximum", uint64_t{newestVersion});
    w.endObject();
  }
  SchemaWriter sw(w);
  Part part{};
  fields(sw, part);
  w.endObject();
  w.beginArray("required");
  for (std::string_view name : required) w.add("", name);
  w.endArray();
  w.endObject();
  return w.text();
}

/// A whole file as JSON: its `format`, its `format_version` when `version` is above 0, then the
/// members of `part`.
template <class Part>
std::string fileJson(std::string_view format, uint32_t version, const Part& part) {
  JsonWriter w;
  w.beginObject();
  w.add("format", format);
  if (version > 0) w.add("format_version", version);
  FieldWriter fw(w);
  fields(fw, const_cast<Part&>(part));  // the walk takes parts by reference; writing changes nothing
  w.endObject();
  return w.text();
}

/// Reads a whole file of `kind` (e.g. "Staccato benchmark result", for the errors): its `format`
/// must be `format`, its `format_version` 1..newestVersion when that is above 0; then its members.
template <class Part>
Result<Part> parseFile(std::string_view json, std::string_view format, std::string_view kind, uint32_t newestVersion) {
  auto in = JsonIn::parse(json, kind);
  if (!in) return in.error();
  if ((*in)["format"].text() != format)
    return makeError("format", "not a " + std::string(kind) + " (expected \"" + std::string(format) + "\")");
  if (newestVersion > 0) {
    const uint64_t version = (*in)["format_version"].count();
    if (version < 1 || version > newestVersion)
      return makeError("format_version", std::to_string(version) + " is not a format this build reads (1.." +
                                             std::to_string(newestVersion) + "): the file is from a newer Staccato");
  }
  Part part;
  FieldReader::get(*in, part);
  if (auto s = in->status(); !s) return s.error();
  return part;
}

}  // namespace staccato::bench
