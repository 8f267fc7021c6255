#include "common/files/json_schema_check.h"

#include <cctype>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

namespace staccato {
namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::Value;

std::string join(const std::string& path, const std::string& member) { return path.empty() ? member : path + "." + member; }

const char* jsonKindName(const Value& v) {
  switch (v.kind_case()) {
    case Value::kNullValue: return "null";
    case Value::kNumberValue: return "a number";
    case Value::kStringValue: return "a string";
    case Value::kBoolValue: return "true/false";
    case Value::kStructValue: return "an object";
    case Value::kListValue: return "a list";
    default: return "nothing";
  }
}

Status wrongKind(const std::string& path, const char* expected, const Value& v) {
  return makeError(path, std::string("expected ") + expected + ", got " + jsonKindName(v));
}

/// A number written as text (protobuf's JSON takes "42" for numbers), or nullopt.
std::optional<double> numberFromText(const std::string& s) {
  size_t used = 0;
  double n = 0;
  try {
    n = std::stod(s, &used);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (s.empty() || used != s.size()) return std::nullopt;
  return n;
}

struct IntegerRange {
  double lo, hi;
  const char* text;
};

IntegerRange rangeOf(const FieldDescriptor& f) {
  switch (f.cpp_type()) {
    case FieldDescriptor::CPPTYPE_INT32: return {-2147483648.0, 2147483647.0, "-2147483648..2147483647"};
    case FieldDescriptor::CPPTYPE_UINT32: return {0, 4294967295.0, "0..4294967295"};
    case FieldDescriptor::CPPTYPE_INT64: return {-9.223372036854775808e18, 9.223372036854775807e18, "-9223372036854775808..9223372036854775807"};
    default: return {0, 1.8446744073709551615e19, "0..18446744073709551615"};
  }
}

/// Integer fields take a JSON number or a decimal string (64-bit values are strings in
/// protobuf's JSON).
Status checkInteger(const Value& v, const FieldDescriptor& f, const std::string& path) {
  double n = 0;
  if (v.kind_case() == Value::kNumberValue) {
    n = v.number_value();
  } else if (v.kind_case() == Value::kStringValue) {
    const auto parsed = numberFromText(v.string_value());
    if (!parsed) return makeError(path, "'" + v.string_value() + "' is not a whole number");
    n = *parsed;
  } else {
    return wrongKind(path, "a whole number", v);
  }
  const IntegerRange r = rangeOf(f);
  if (n != std::floor(n) || n < r.lo || n > r.hi)
    return makeError(path, "expected a whole number in " + std::string(r.text));
  return Ok{};
}

Status checkEnum(const Value& v, const FieldDescriptor& f, const std::string& path) {
  const auto* type = f.enum_type();
  if (v.kind_case() == Value::kNumberValue) return Ok{};  // numbers are accepted as they are
  if (v.kind_case() != Value::kStringValue) return wrongKind(path, "a name", v);
  if (type->FindValueByName(v.string_value())) return Ok{};
  std::string names;
  for (int i = 0; i < type->value_count(); ++i) names += (i ? ", " : "") + type->value(i)->name();
  return makeError(path, "'" + v.string_value() + "' is not one of " + names);
}

Status checkFloating(const Value& v, const std::string& path) {
  if (v.kind_case() == Value::kNumberValue) return Ok{};
  if (v.kind_case() == Value::kStringValue) {
    const std::string& s = v.string_value();
    if (s == "NaN" || s == "Infinity" || s == "-Infinity" || numberFromText(s)) return Ok{};
    return makeError(path, "'" + s + "' is not a number");
  }
  return wrongKind(path, "a number", v);
}

bool isBase64(const std::string& s) {
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '+' && c != '/' && c != '=' && c != '-' && c != '_') return false;
  return true;
}

/// One value of a field (an element when the field is repeated).
Status checkSingle(const Value& v, const FieldDescriptor& f, const std::string& path) {
  if (v.kind_case() == Value::kNullValue) return Ok{};  // null = the default
  switch (f.cpp_type()) {
    case FieldDescriptor::CPPTYPE_MESSAGE:
      if (f.message_type()->file()->package() == "google.protobuf") return Ok{};  // well-known types parse anything
      return checkJsonAgainstSchema(v, *f.message_type(), path);
    case FieldDescriptor::CPPTYPE_STRING:
      if (v.kind_case() != Value::kStringValue) return wrongKind(path, f.type() == FieldDescriptor::TYPE_BYTES ? "base64 text" : "a string", v);
      if (f.type() == FieldDescriptor::TYPE_BYTES && !isBase64(v.string_value())) return makeError(path, "not base64 text");
      return Ok{};
    case FieldDescriptor::CPPTYPE_BOOL:
      return v.kind_case() == Value::kBoolValue ? Status(Ok{}) : wrongKind(path, "true or false", v);
    case FieldDescriptor::CPPTYPE_ENUM:
      return checkEnum(v, f, path);
    case FieldDescriptor::CPPTYPE_FLOAT:
    case FieldDescriptor::CPPTYPE_DOUBLE:
      return checkFloating(v, path);
    default:
      return checkInteger(v, f, path);
  }
}

Status checkField(const Value& v, const FieldDescriptor& f, const std::string& path) {
  if (v.kind_case() == Value::kNullValue) return Ok{};
  if (f.is_map()) {
    if (v.kind_case() != Value::kStructValue) return wrongKind(path, "an object", v);
    const FieldDescriptor& valueField = *f.message_type()->map_value();
    for (const auto& [key, item] : v.struct_value().fields())
      if (auto s = checkSingle(item, valueField, path + "[\"" + key + "\"]"); !s) return s;
    return Ok{};
  }
  if (f.is_repeated()) {
    if (v.kind_case() != Value::kListValue) return wrongKind(path, "a list", v);
    const auto& items = v.list_value().values();
    for (int i = 0; i < items.size(); ++i)
      if (auto s = checkSingle(items[i], f, path + "[" + std::to_string(i) + "]"); !s) return s;
    return Ok{};
  }
  return checkSingle(v, f, path);
}

}  // namespace

Status checkJsonAgainstSchema(const Value& value, const Descriptor& type, const std::string& path) {
  if (value.kind_case() != Value::kStructValue) return wrongKind(path.empty() ? "(document)" : path, "an object", value);
  for (const auto& [name, member] : value.struct_value().fields()) {
    const FieldDescriptor* f = type.FindFieldByName(name);
    for (int i = 0; !f && i < type.field_count(); ++i)
      if (type.field(i)->json_name() == name) f = type.field(i);  // lowerCamelCase is accepted too
    if (!f) {
      std::string known;
      for (int i = 0; i < type.field_count(); ++i) known += (i ? ", " : "") + type.field(i)->name();
      return makeError(join(path, name), "unknown member; " + std::string(type.name()) + " has: " + known);
    }
    if (auto s = checkField(member, *f, join(path, name)); !s) return s;
  }
  return Ok{};
}

}  // namespace staccato
