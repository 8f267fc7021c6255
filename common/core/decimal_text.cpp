#include "common/core/decimal_text.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace staccato {
namespace {

std::string range(double min, double max, bool openMin) {
  if (std::isinf(max)) return (openMin ? "above " : "of at least ") + decimalText(min);
  return std::string("in ") + (openMin ? "(" : "[") + decimalText(min) + ", " + decimalText(max) + "]";
}

}  // namespace

std::string decimalText(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

Result<double> parseDecimal(std::string_view text, double min, double max, bool openMin) {
  const std::string item(text);
  char* end = nullptr;
  const double v = std::strtod(item.c_str(), &end);
  const bool inRange = std::isfinite(v) && (openMin ? v > min : v >= min) && v <= max;
  if (item.empty() || *end || !inRange) return makeError("", "'" + item + "' is not a number " + range(min, max, openMin));
  return v;
}

}  // namespace staccato
