#include "client/core/benchmark/json_writer.h"

#include <charconv>
#include <climits>
#include <cmath>
#include <cstdio>
#include <ctime>

#include "common/files/json_text.h"

namespace staccato::bench {

void JsonWriter::prefix(std::string_view key) {
  if (depth_ > 0) {
    out_ += first_ ? "\n" : ",\n";
    out_.append(size_t(depth_) * 2, ' ');
  }
  first_ = false;
  if (!key.empty()) out_ += jsonQuoted(key) + ": ";
}

void JsonWriter::close(char c) {
  --depth_;
  if (!first_) {
    out_ += "\n";
    out_.append(size_t(depth_) * 2, ' ');
  }
  out_ += c;
  first_ = false;
  if (depth_ == 0) out_ += "\n";
}

void JsonWriter::beginObject(std::string_view key) {
  prefix(key);
  out_ += "{";
  ++depth_;
  first_ = true;
}

void JsonWriter::endObject() { close('}'); }

void JsonWriter::beginArray(std::string_view key) {
  prefix(key);
  out_ += "[";
  ++depth_;
  first_ = true;
}

void JsonWriter::endArray() { close(']'); }

void JsonWriter::add(std::string_view key, double v) {
  prefix(key);
  if (!std::isfinite(v)) {
    out_ += "null";
    return;
  }
  char buf[32];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);  // shortest text that reads back the same
  out_.append(buf, ec == std::errc{} ? end : buf);
}

void JsonWriter::add(std::string_view key, uint64_t v) {
  prefix(key);
  out_ += std::to_string(v);
}

void JsonWriter::add(std::string_view key, bool v) {
  prefix(key);
  out_ += v ? "true" : "false";
}

void JsonWriter::add(std::string_view key, std::string_view v) {
  prefix(key);
  out_ += jsonQuoted(v);
}

std::string isoTime(int64_t ns) {
  const int64_t s = ns >= 0 ? ns / 1'000'000'000 : (ns + 1) / 1'000'000'000 - 1;
  const time_t t = time_t(s);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%09lldZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<long long>(ns - s * 1'000'000'000));
  return buf;
}

bool parseIsoTime(std::string_view text, int64_t& ns) {
  std::tm tm{};
  long long fraction = 0;
  int used = 0;
  const std::string s(text);
  if (std::sscanf(s.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d.%9lldZ%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour,
                  &tm.tm_min, &tm.tm_sec, &fraction, &used) != 7 ||
      size_t(used) != s.size() || s.size() != 30 || fraction < 0)
    return false;
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  const int64_t seconds = int64_t(timegm(&tm));
  if (seconds < 0 || seconds >= INT64_MAX / 1'000'000'000) return false;  // 1970 .. 2262 fit in ns
  ns = seconds * 1'000'000'000 + fraction;
  return true;
}

}  // namespace staccato::bench
