#pragma once
/// Reading a decimal number a person typed (a CLI option, a GUI field, a config value): the one
/// rule for range, finiteness and the error that says what is allowed.
#include <limits>
#include <string>
#include <string_view>

#include "common/core/result.h"

namespace staccato {

/// A decimal number in [min, max] (`openMin`: above min, not at it), all of `text`, finite. The
/// error carries no path (the caller prefixes its option or field) and says the range:
/// "'x' is not a number in [0, 50]", or "'x' is not a number above 0" when max is unbounded.
Result<double> parseDecimal(std::string_view text, double min,
                            double max = std::numeric_limits<double>::infinity(), bool openMin = false);

/// A number as people read it back: printf's %g ("0.5", "2000", "1e+07").
std::string decimalText(double value);

}  // namespace staccato
