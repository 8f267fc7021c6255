#pragma once
/// Minimal command-line parsing: positional arguments and --name value / --flag options.
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/core/result.h"

namespace staccato::cli {

struct Args {
  std::vector<std::string> positional;
  std::map<std::string, std::string> options;  ///< "--count" -> "10" (the last one given)
  std::map<std::string, std::vector<std::string>> all;  ///< every value of a repeated option, in order
  std::set<std::string> flags;                 ///< "--json"

  std::optional<std::string> get(const std::string& name) const;
  std::vector<std::string> every(const std::string& name) const;
  bool has(const std::string& flag) const { return flags.count(flag) > 0; }
  /// Parses an unsigned option within [min, max], or `fallback` when absent.
  Result<uint64_t> number(const std::string& name, uint64_t fallback, uint64_t min, uint64_t max) const;
};

/// A decimal option's value in [min, max] (`openMin`: above min, not at it; common/core's one
/// reading of a decimal); the error names the option and the range.
Result<double> decimalOption(const std::string& option, const std::string& text, double min,
                             double max = std::numeric_limits<double>::infinity(), bool openMin = false);

/// "a,b,,c" as {"a", "b", "", "c"} (a list option's items; empty ones kept for the caller to refuse).
std::vector<std::string> splitCommas(const std::string& text);

/// Splits argv; `valueOptions` take a value, `flagOptions` do not; anything else is an error.
Result<Args> parseArgs(const std::vector<std::string>& argv, const std::set<std::string>& valueOptions,
                       const std::set<std::string>& flagOptions);

}  // namespace staccato::cli
