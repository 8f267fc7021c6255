#pragma once
/// Parsing and formatting of field values as text, per FieldFormat.
#include <string>
#include <string_view>

#include "common/core/result.h"
#include "common/packet/field.h"

namespace staccato {

/// Parses `text` for `field`, checking it fits the field's width. Numbers accept decimal or
/// 0x-hex in any numeric format; enums also accept their names; flags accept 0/1/true/false.
Result<FieldValue> parseFieldText(const FieldSpec& field, std::string_view text);

/// Formats a value in the field's format (the inverse of parseFieldText).
std::string formatFieldValue(const FieldSpec& field, const FieldValue& value);

/// The allowed range of a field, for error messages and docs, e.g. "0..255".
std::string allowedRange(const FieldSpec& field);

/// Hex bytes without separators ("deadbeef").
std::string toHex(const uint8_t* data, size_t len);
/// True when `s` is well-formed UTF-8 (no overlong forms, surrogates or values past U+10FFFF).
bool isUtf8(std::string_view s);

}  // namespace staccato
