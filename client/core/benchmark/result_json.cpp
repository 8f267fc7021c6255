// The result file and a config file, written, read and described by walking the one description
// of their members (result_fields.h).
#include "client/core/benchmark/result_json.h"

#include "client/core/benchmark/json_fields.h"
#include "common/files/stream_file.h"

namespace staccato::bench {

std::string resultJson(const BenchmarkResult& r) {
  JsonWriter w;
  w.beginObject();
  w.add("format", kResultFormat);
  w.add("format_version", kResultFormatVersion);
  FieldWriter fw(w);
  fields(fw, const_cast<BenchmarkResult&>(r));  // the walk takes parts by reference; writing changes nothing
  w.endObject();
  return w.text();
}

Result<BenchmarkResult> parseResultJson(std::string_view text) {
  auto in = JsonIn::parse(text);
  if (!in) return in.error();
  if ((*in)["format"].text() != kResultFormat)
    return makeError("format", "not a Staccato benchmark result (expected \"" + std::string(kResultFormat) + "\")");
  const uint64_t version = (*in)["format_version"].count();
  if (version < 1 || version > kResultFormatVersion)
    return makeError("format_version", std::to_string(version) + " is not a format this build reads (1.." +
                                           std::to_string(kResultFormatVersion) + "): the file is from a newer Staccato");
  BenchmarkResult r;
  FieldReader::get(*in, r);
  if (auto s = in->status(); !s) return s.error();
  return r;
}

std::string resultSchema() {
  return fileSchema<BenchmarkResult>("Staccato benchmark result (staccato-cli benchmark ... --json)", kResultFormat,
                                     {"format", "format_version"}, [](JsonWriter& w) {
                                       w.beginObject("format_version");
                                       w.add("type", "integer");
                                       w.add("minimum", uint64_t{1});
                                       w.add("maximum", uint64_t{kResultFormatVersion});
                                       w.endObject();
                                     });
}

std::string configJson(const BenchmarkConfig& config) {
  JsonWriter w;
  FieldWriter(w).put("", config);
  return w.text();
}

Result<BenchmarkConfig> parseConfigJson(std::string_view text) {
  auto in = JsonIn::parse(text);
  if (!in) return in.error();
  BenchmarkConfig c;
  FieldReader::get(*in, c);
  if (auto s = in->status(); !s) return s.error();
  return c;
}

Status writeResultFile(const std::string& path, const BenchmarkResult& result) {
  return writeFileAtomically(path, resultJson(result));
}

Result<BenchmarkResult> readResultFile(const std::string& path) {
  auto text = readTextFile(path, kMaxSmallFileBytes);
  if (!text) return text.error();
  auto r = parseResultJson(*text);
  if (!r) return makeError("", path + ": " + r.error().toString());
  return r;
}

}  // namespace staccato::bench
