#include "client/core/benchmark/rfc2889_result_file.h"

namespace staccato::bench {

void beginRfc2889Result(JsonWriter& w, const std::string& generator, std::string_view test, uint64_t startNs, uint64_t endNs) {
  w.beginObject();
  w.add("format", kRfc2889ResultFormat);
  w.add("format_version", kRfc2889ResultFormatVersion);
  w.add("generator", generator);
  w.add("test", test);
  w.add("start", isoTime(int64_t(startNs)));
  w.add("end", isoTime(int64_t(endNs)));
}

std::string answerOf(const std::string& value, const std::string& error, bool complete, const std::string& note) {
  const std::string soFar = value.empty() ? "" : " (so far: " + value + ")";
  if (!error.empty()) return "incomplete: " + error + soFar;
  if (!complete) return "incomplete: " + note + soFar;
  return value;
}

}  // namespace staccato::bench
