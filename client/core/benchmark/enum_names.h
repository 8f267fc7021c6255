#pragma once
/// The names an enum's values have in the CLI, the config and the result file: one table per
/// enum (EnumNames<E>::kAll, beside the enum), read both ways here.
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace staccato::bench {

/// Specialised beside each enum: static constexpr std::pair<E, std::string_view> kAll[].
template <class E>
struct EnumNames;

template <class E>
std::string_view enumName(E value) {
  for (const auto& [v, name] : EnumNames<E>::kAll)
    if (v == value) return name;
  return "?";
}

template <class E>
std::optional<E> enumFromName(std::string_view name) {
  for (const auto& [v, n] : EnumNames<E>::kAll)
    if (n == name) return v;
  return std::nullopt;
}

/// "a, b or c": what a wrong name should have been.
template <class E>
std::string enumChoices() {
  std::string out;
  const size_t n = std::size(EnumNames<E>::kAll);
  for (size_t i = 0; i < n; ++i)
    out += (i == 0 ? "" : i + 1 == n ? " or " : ", ") + std::string(EnumNames<E>::kAll[i].second);
  return out;
}

}  // namespace staccato::bench
