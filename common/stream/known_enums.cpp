#include "common/stream/known_enums.h"

#include <google/protobuf/descriptor.h>

#include <string>

namespace staccato {
namespace {

using google::protobuf::FieldDescriptor;

std::string allowedNames(const google::protobuf::EnumDescriptor& e) {
  std::string out;
  for (int i = 0; i < e.value_count(); ++i) out += (i ? ", " : "") + e.value(i)->name();
  return out;
}

Status checkEnum(const FieldDescriptor& f, int value, const std::string& path) {
  if (f.enum_type()->FindValueByNumber(value)) return Ok{};
  return makeError(path, "unknown value " + std::to_string(value) + " (allowed " + allowedNames(*f.enum_type()) + ")");
}

Status walk(const google::protobuf::Message& m, const std::string& prefix) {
  const auto* reflection = m.GetReflection();
  const auto* descriptor = m.GetDescriptor();
  for (int i = 0; i < descriptor->field_count(); ++i) {
    const FieldDescriptor& f = *descriptor->field(i);
    const bool isEnum = f.cpp_type() == FieldDescriptor::CPPTYPE_ENUM;
    if (!isEnum && f.cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE) continue;
    if (f.is_map()) {  // Layer.fields: text values, nothing to check (and walking one copies it)
      const auto value = f.message_type()->map_value()->cpp_type();
      if (value != FieldDescriptor::CPPTYPE_ENUM && value != FieldDescriptor::CPPTYPE_MESSAGE) continue;
    }
    const std::string path = prefix.empty() ? f.name() : prefix + "." + f.name();
    if (!f.is_repeated()) {
      if (isEnum) {
        if (auto s = checkEnum(f, reflection->GetEnumValue(m, &f), path); !s) return s;
      } else if (reflection->HasField(m, &f)) {
        if (auto s = walk(reflection->GetMessage(m, &f), path); !s) return s;
      }
      continue;
    }
    for (int k = 0; k < reflection->FieldSize(m, &f); ++k) {
      const std::string at = path + "[" + std::to_string(k) + "]";
      if (isEnum) {
        if (auto s = checkEnum(f, reflection->GetRepeatedEnumValue(m, &f, k), at); !s) return s;
      } else if (auto s = walk(reflection->GetRepeatedMessage(m, &f, k), at); !s) {
        return s;
      }
    }
  }
  return Ok{};
}

}  // namespace

Status checkKnownEnums(const google::protobuf::Message& message) { return walk(message, ""); }

}  // namespace staccato
