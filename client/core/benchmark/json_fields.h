#pragma once
/// The three walks over the result file's description (result_fields.h): FieldWriter writes a
/// part as JSON, FieldReader reads one (an absent member keeps its value; the first member of the
/// wrong type or range is the error, named by its JSON path), SchemaWriter describes a part as
/// JSON Schema. A member's type decides how it is spelled: numbers, whole numbers, flags, text,
/// frame sizes as their labels, times as ISO 8601 text, enums by their names, optional members
/// only when set, lists as arrays, parts as objects; a number Within a range is read only inside
/// it, and a part with a rowOf(part) is a one-line array of its whole numbers.
#include <array>
#include <concepts>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "client/core/benchmark/json_reader.h"
#include "client/core/benchmark/json_writer.h"
#include "client/core/benchmark/result_fields.h"

namespace staccato::bench {

/// A member the file must hold within [lo, hi] (whole numbers, or finite numbers): a value outside
/// is the error on reading, and the schema states the range.
template <class T>
struct Within {
  T& value;
  T lo, hi;
};

namespace fields_detail {

template <class T>
struct IsOptional : std::false_type {};
template <class T>
struct IsOptional<std::optional<T>> : std::true_type {};
template <class T>
struct IsVector : std::false_type {};
template <class T>
struct IsVector<std::vector<T>> : std::true_type {};
template <class T>
struct IsOmitEmpty : std::false_type {};
template <class T>
struct IsOmitEmpty<OmitEmpty<T>> : std::true_type {};

template <class T>
struct IsWithin : std::false_type {};
template <class T>
struct IsWithin<Within<T>> : std::true_type {};

template <class T>
concept WholeNumber = std::integral<T> && !std::same_as<T, bool>;
template <class T>
concept BareArray = requires(T& t) { itemsOf(t); };
/// rowOf(part) gives pointers to the part's whole numbers (std::array<uint64_t*, N>), in the row's order.
template <class T>
concept NumberRow = requires(T& t) { rowOf(t); };

template <class T>
std::string rangeText(T lo, T hi) {
  if constexpr (std::floating_point<T>) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.15g..%.15g", lo, hi);
    return buf;
  } else {
    return std::to_string(lo) + ".." + std::to_string(hi);
  }
}

}  // namespace fields_detail

class FieldWriter {
 public:
  explicit FieldWriter(JsonWriter& w) : w_(w) {}
  template <class T>
  void operator()(std::string_view key, T&& v) { put(key, v); }
  template <class T>
  void derived(std::string_view key, const T& v) { put(key, v); }

  /// Writes part `v` as the object `key` ("" at the top or in an array).
  template <class T>
  void put(std::string_view key, const T& v) {
    using namespace fields_detail;
    if constexpr (std::same_as<T, double>) w_.add(key, v);
    else if constexpr (std::same_as<T, bool>) w_.add(key, v);
    else if constexpr (WholeNumber<T>) w_.add(key, uint64_t(v));
    else if constexpr (std::same_as<T, std::string>) w_.add(key, v);
    else if constexpr (std::same_as<T, FrameSize>) w_.add(key, v.label());
    else if constexpr (std::same_as<T, IsoTime>) w_.add(key, isoTime(v.ns));
    else if constexpr (std::is_enum_v<T>) w_.add(key, enumName(v));
    else if constexpr (IsOptional<T>::value) { if (v) put(key, *v); }
    else if constexpr (IsOmitEmpty<T>::value) { if (!v.value.empty()) put(key, v.value); }
    else if constexpr (IsWithin<T>::value) put(key, v.value);
    else if constexpr (NumberRow<T>) {
      const auto cells = rowOf(const_cast<T&>(v));
      std::array<uint64_t, std::tuple_size_v<decltype(cells)>> values{};
      for (size_t i = 0; i < cells.size(); ++i) values[i] = *cells[i];
      w_.addRow(key, values);
    } else if constexpr (IsVector<T>::value) {
      w_.beginArray(key);
      for (const auto& item : v) put("", item);
      w_.endArray();
    } else if constexpr (BareArray<T>) put(key, itemsOf(const_cast<T&>(v)));
    else {
      w_.beginObject(key);
      fields(*this, const_cast<T&>(v));  // the walk takes parts by reference; writing changes nothing
      w_.endObject();
    }
  }

 private:
  JsonWriter& w_;
};

class FieldReader {
 public:
  explicit FieldReader(const JsonIn& in) : in_(in) {}
  template <class T>
  void operator()(std::string_view key, T&& v) { get(in_[key], v); }
  template <class T>
  void derived(std::string_view, const T&) {}

  /// Reads `in` into `v` (absent: `v` stays as it is).
  template <class T>
  static void get(const JsonIn& in, T& v) {
    using namespace fields_detail;
    if constexpr (std::same_as<T, IsoTime>) {
      if (in.present()) v.ns = in.time();
    } else if constexpr (IsOmitEmpty<T>::value) {
      get(in, v.value);
    } else if (!in.present()) {
      return;
    } else if constexpr (IsWithin<T>::value) {
      get(in, v.value);
      if (!(v.value >= v.lo && v.value <= v.hi)) in.fail("must be " + rangeText(v.lo, v.hi));  // NaN too
    } else if constexpr (NumberRow<T>) {
      const auto cells = rowOf(v);
      const std::vector<JsonIn> items = in.items();
      if (items.size() != cells.size()) in.fail("must be an array of " + std::to_string(cells.size()) + " whole numbers");
      else
        for (size_t i = 0; i < cells.size(); ++i) *cells[i] = items[i].count();
    } else if constexpr (std::same_as<T, double>) v = in.number();
    else if constexpr (std::same_as<T, bool>) v = in.flag();
    else if constexpr (WholeNumber<T>) {
      const uint64_t n = in.count();
      if (n > uint64_t(std::numeric_limits<T>::max())) in.fail("is larger than " + std::to_string(std::numeric_limits<T>::max()));
      else v = T(n);
    } else if constexpr (std::same_as<T, std::string>) v = in.text();
    else if constexpr (std::same_as<T, FrameSize>) {
      auto size = parseFrameSize(in.text());
      if (size) v = *size;
      else in.fail(size.error().message);
    } else if constexpr (std::is_enum_v<T>) {
      const auto value = enumFromName<T>(in.text());
      if (value) v = *value;
      else in.fail("must be " + enumChoices<T>());
    } else if constexpr (IsOptional<T>::value) {
      typename T::value_type item{};
      get(in, item);
      v = std::move(item);
    } else if constexpr (IsVector<T>::value) {
      v.clear();
      for (const JsonIn& element : in.items()) {
        typename T::value_type item{};
        get(element, item);
        v.push_back(std::move(item));
      }
    } else if constexpr (BareArray<T>) get(in, itemsOf(v));
    else {
      FieldReader r(in);
      fields(r, v);
      if constexpr (requires { v.check(); })
        if (auto s = v.check(); !s) in.fail(s.error().toString());
    }
  }

 private:
  JsonIn in_;
};

/// JSON Schema (draft 2020-12) of a part: "type" per member, "enum" for names, "format":
/// "date-time" for times, "readOnly" for what is written for readers only.
class SchemaWriter {
 public:
  explicit SchemaWriter(JsonWriter& w) : w_(w) {}
  template <class T>
  void operator()(std::string_view key, T&& v) { describe(key, v, false); }
  template <class T>
  void derived(std::string_view key, const T& v) { describe(key, v, true); }

  template <class T>
  void describe(std::string_view key, const T& v, bool readOnly) {
    w_.beginObject(key);
    if (readOnly) w_.add("readOnly", true);
    body(v);
    w_.endObject();
  }

 private:
  template <class T>
  void body(const T& v) {
    using namespace fields_detail;
    if constexpr (std::same_as<T, double>) w_.add("type", "number");
    else if constexpr (std::same_as<T, bool>) w_.add("type", "boolean");
    else if constexpr (WholeNumber<T>) {
      w_.add("type", "integer");
      w_.add("minimum", uint64_t{0});
    } else if constexpr (std::same_as<T, std::string>) w_.add("type", "string");
    else if constexpr (std::same_as<T, FrameSize>) {
      w_.add("type", "string");
      w_.add("description", "a frame size in bytes with FCS (\"64\"), \"imix\", or a mix \"imix:64x7,1518x1\"");
    } else if constexpr (std::same_as<T, IsoTime>) {
      w_.add("type", "string");
      w_.add("format", "date-time");
    } else if constexpr (std::is_enum_v<T>) {
      w_.beginArray("enum");
      for (const auto& [value, name] : EnumNames<T>::kAll) w_.add("", name);
      w_.endArray();
    } else if constexpr (IsOptional<T>::value) body(typename T::value_type{});
    else if constexpr (IsOmitEmpty<T>::value) body(v.value);
    else if constexpr (IsWithin<T>::value) {
      w_.add("type", std::floating_point<decltype(v.lo)> ? "number" : "integer");
      w_.add("minimum", v.lo);
      w_.add("maximum", v.hi);
    } else if constexpr (NumberRow<T>) {
      const uint64_t n = rowOf(const_cast<T&>(v)).size();
      w_.add("type", "array");
      describe("items", uint64_t{0}, false);
      w_.add("minItems", n);
      w_.add("maxItems", n);
    }
    else if constexpr (IsVector<T>::value) {
      w_.add("type", "array");
      describe("items", typename T::value_type{}, false);
    } else if constexpr (BareArray<T>) body(itemsOf(const_cast<T&>(v)));
    else {
      w_.add("type", "object");
      w_.beginObject("properties");
      T part{};
      fields(*this, part);
      w_.endObject();
    }
  }

  JsonWriter& w_;
};

}  // namespace staccato::bench
