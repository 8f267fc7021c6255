#include "client/core/benchmark/json_writer.h"

#include <charconv>
#include <climits>
#include <cmath>
#include <cstdio>
#include <ctime>

#include "common/core/json_text.h"

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

void JsonWriter::addRow(std::string_view key, std::span<const uint64_t> values) {
  prefix(key);
  out_ += "[";
  for (size_t i = 0; i < values.size(); ++i) out_ += (i ? ", " : "") + std::to_string(values[i]);
  out_ += "]";
}

void JsonWriter::add(std::string_view key, bool v) {
  prefix(key);
  out_ += v ? "true" : "false";
}

void JsonWriter::add(std::string_view key, std::string_view v) {
  prefix(key);
  out_ += jsonQuoted(v);
}

}  // namespace staccato::bench
