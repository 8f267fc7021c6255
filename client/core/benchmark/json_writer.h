#pragma once
/// A small pretty JSON writer for the benchmark's result file: numbers written so that they read
/// back to the same double, 64-bit integers exactly, times as ISO 8601 text with nanoseconds.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "common/core/iso_time.h"

namespace staccato::bench {

class JsonWriter {
 public:
  /// Inside an object pass the member's name; inside an array (or at the top) an empty one.
  void beginObject(std::string_view key = {});
  void endObject();
  void beginArray(std::string_view key = {});
  void endArray();
  void add(std::string_view key, double v);
  void add(std::string_view key, uint64_t v);
  void add(std::string_view key, uint32_t v) { add(key, uint64_t{v}); }
  void add(std::string_view key, bool v);
  void add(std::string_view key, std::string_view v);
  void add(std::string_view key, const char* v) { add(key, std::string_view(v)); }
  void add(std::string_view key, const std::string& v) { add(key, std::string_view(v)); }
  /// A short array of whole numbers on one line, "[1488095, 1488090]": a long list of such rows
  /// (a second's counts for each second of a day) stays a line each.
  void addRow(std::string_view key, std::span<const uint64_t> values);
  /// The document so far (complete once every begin has its end).
  const std::string& text() const { return out_; }

 private:
  void prefix(std::string_view key);
  void close(char c);

  std::string out_;
  int depth_ = 0;
  bool first_ = true;
};

using staccato::isoTime;
using staccato::parseIsoTime;

}  // namespace staccato::bench
