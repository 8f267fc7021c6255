// The result file and a config file, written, read and described by walking the one description
// of their members (result_fields.h).
#include "client/core/benchmark/result_json.h"

#include "client/core/benchmark/json_file.h"
#include "common/files/stream_file.h"

namespace staccato::bench {

std::string resultJson(const BenchmarkResult& r) { return fileJson(kResultFormat, kResultFormatVersion, r); }

Result<BenchmarkResult> parseResultJson(std::string_view text) {
  return parseFile<BenchmarkResult>(text, kResultFormat, "Staccato benchmark result", kResultFormatVersion);
}

std::string resultSchema() {
  return fileSchema<BenchmarkResult>("Staccato benchmark result (staccato-cli benchmark ... --json)", kResultFormat,
                                     {"format", "format_version"}, kResultFormatVersion);
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
