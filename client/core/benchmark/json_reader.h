#pragma once
/// Reading the benchmark's result file: JSON parsed by common/files (depth limit, syntax errors
/// with an excerpt), then walked member by member. An absent member keeps its default; the first
/// member of the wrong type is the error, named by its JSON path.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <google/protobuf/struct.pb.h>

#include "common/core/result.h"

namespace staccato::bench {

class JsonIn {
 public:
  /// The document's top value (kept alive by the JsonIn and every member read from it); a
  /// syntax error says the text is "not a valid `kind`".
  static Result<JsonIn> parse(std::string_view json, std::string_view kind = "benchmark result");

  /// The member `key` (absent: a value that reads as every default).
  JsonIn operator[](std::string_view key) const;
  /// The elements of an array (absent: none).
  std::vector<JsonIn> items() const;
  bool present() const { return value_ != nullptr && value_->kind_case() != google::protobuf::Value::KIND_NOT_SET; }

  double number(double otherwise = 0) const;
  uint64_t count(uint64_t otherwise = 0) const;  ///< a whole number >= 0 (exact up to 2^53)
  int64_t time(int64_t otherwise = 0) const;     ///< ISO 8601 text (json_writer.h)
  bool flag(bool otherwise = false) const;
  std::string text(std::string otherwise = {}) const;
  template <typename T>
  std::optional<T> optionalCount() const {
    return present() ? std::optional<T>(T(count())) : std::nullopt;
  }
  std::optional<double> optionalNumber() const { return present() ? std::optional<double>(number()) : std::nullopt; }

  /// Marks the member wrong (the first such call wins), e.g. an unknown enum name.
  void fail(std::string message) const;
  /// Ok, or the first wrong member.
  Status status() const;

 private:
  struct Document;
  JsonIn(std::shared_ptr<Document> doc, const google::protobuf::Value* value, std::string path)
      : doc_(std::move(doc)), value_(value), path_(std::move(path)) {}
  bool is(google::protobuf::Value::KindCase kind, const char* what) const;

  std::shared_ptr<Document> doc_;
  const google::protobuf::Value* value_;
  std::string path_;
};

}  // namespace staccato::bench
