#pragma once
/// SI-scaled numbers for people, one rule for the CLI and the GUI: formatSi(1.5e9, "bit/s") ==
/// "1.5 Gbit/s", formatSi(999, "pps") == "999 pps".
#include <cmath>
#include <cstdio>
#include <iterator>
#include <string>
#include <string_view>

namespace staccato {

/// The SI prefix that keeps `magnitude` under 1000: values are divided by `divisor`.
struct SiScale {
  double divisor;
  const char* prefix;  ///< "", "k", "M", "G", "T"
};

inline SiScale siScale(double magnitude) {
  static constexpr const char* kPrefixes[] = {"", "k", "M", "G", "T"};
  SiScale scale{1, kPrefixes[0]};
  for (size_t i = 1; i < std::size(kPrefixes) && std::abs(magnitude) >= scale.divisor * 1000; ++i)
    scale = {scale.divisor * 1000, kPrefixes[i]};
  return scale;
}

/// At most `maxDecimals` decimals, trailing zeros dropped.
inline std::string formatSi(double value, std::string_view unit, int maxDecimals = 2) {
  const SiScale scale = siScale(value);
  char number[64];
  std::snprintf(number, sizeof number, "%.*f", maxDecimals, value / scale.divisor);
  std::string text = number;
  if (std::isfinite(value) && text.find('.') != std::string::npos) {
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
  }
  if (text == "-0") text = "0";
  return text + " " + scale.prefix + std::string(unit);
}

}  // namespace staccato
