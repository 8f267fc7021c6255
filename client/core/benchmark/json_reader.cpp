#include "client/core/benchmark/json_reader.h"

#include <cmath>

#include "client/core/benchmark/json_writer.h"
#include "common/files/json_document.h"

namespace staccato::bench {

struct JsonIn::Document {
  google::protobuf::Value root;
  std::optional<Error> error;
};

Result<JsonIn> JsonIn::parse(std::string_view json, std::string_view kind) {
  auto value = parseJsonValue(json, kind);
  if (!value) return value.error();
  auto doc = std::make_shared<Document>();
  doc->root = std::move(value).value();
  const google::protobuf::Value* root = &doc->root;
  return JsonIn(std::move(doc), root, "");
}

JsonIn JsonIn::operator[](std::string_view key) const {
  const std::string path = path_.empty() ? std::string(key) : path_ + "." + std::string(key);
  if (!present() || !is(google::protobuf::Value::kStructValue, "an object")) return JsonIn(doc_, nullptr, path);
  const auto& fields = value_->struct_value().fields();
  const auto it = fields.find(std::string(key));
  return JsonIn(doc_, it == fields.end() ? nullptr : &it->second, path);
}

std::vector<JsonIn> JsonIn::items() const {
  std::vector<JsonIn> out;
  if (!present() || !is(google::protobuf::Value::kListValue, "an array")) return out;
  const auto& list = value_->list_value().values();
  for (int i = 0; i < list.size(); ++i) out.push_back(JsonIn(doc_, &list.Get(i), path_ + "[" + std::to_string(i) + "]"));
  return out;
}

bool JsonIn::is(google::protobuf::Value::KindCase kind, const char* what) const {
  if (value_->kind_case() == kind) return true;
  fail(std::string("must be ") + what);
  return false;
}

double JsonIn::number(double otherwise) const {
  if (!present() || value_->kind_case() == google::protobuf::Value::kNullValue) return otherwise;
  return is(google::protobuf::Value::kNumberValue, "a number") ? value_->number_value() : otherwise;
}

uint64_t JsonIn::count(uint64_t otherwise) const {
  const double v = number(double(otherwise));
  if (v < 0 || v != std::floor(v) || v > 18446744073709549568.0) {
    fail("must be a whole number of at least 0");
    return otherwise;
  }
  return uint64_t(v);
}

int64_t JsonIn::time(int64_t otherwise) const {
  if (!present()) return otherwise;
  int64_t ns = otherwise;
  if (is(google::protobuf::Value::kStringValue, "a time (ISO 8601)") && !parseIsoTime(value_->string_value(), ns))
    fail("'" + value_->string_value() + "' is not a time such as 2025-01-31T12:00:00.000000000Z");
  return ns;
}

bool JsonIn::flag(bool otherwise) const {
  if (!present()) return otherwise;
  return is(google::protobuf::Value::kBoolValue, "true or false") ? value_->bool_value() : otherwise;
}

std::string JsonIn::text(std::string otherwise) const {
  if (!present()) return otherwise;
  return is(google::protobuf::Value::kStringValue, "text") ? value_->string_value() : otherwise;
}

void JsonIn::fail(std::string message) const {
  if (!doc_->error) doc_->error = makeError(path_, std::move(message));
}

Status JsonIn::status() const {
  if (doc_->error) return *doc_->error;
  return Ok{};
}

}  // namespace staccato::bench
