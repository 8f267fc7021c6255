#pragma once
/// CSV cells the tree writes (benchmark reports, the GUI's table exports, latency files): one
/// quoting rule, and text that a spreadsheet would run as a formula made inert.
#include <string>
#include <string_view>
#include <vector>

namespace staccato {

/// `text` as a CSV cell (RFC 4180: quoted when it holds a comma, quote or line break). Text that
/// starts like a formula (= + - @, tab, carriage return) and is not a plain number gets a
/// leading apostrophe, as OWASP advises: a stream named "=HYPERLINK(...)" stays text.
std::string csvCell(std::string_view text);
/// A whole line: each cell as csvCell, separated by commas, ended by a line break.
std::string csvRow(const std::vector<std::string>& cells);

}  // namespace staccato
