#pragma once
/// JSON text the tree writes by hand (result files, `--json` listings): one quoting rule.
#include <string>
#include <string_view>

namespace staccato {

/// `s` as a JSON string, quotes included: `"` and `\` escaped, \n \r \t as such, every other
/// control character (and DEL) as \u00XX; other bytes (UTF-8) as they are.
std::string jsonQuoted(std::string_view s);

}  // namespace staccato
