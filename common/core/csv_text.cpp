#include "common/core/csv_text.h"

#include <cstdlib>
#include <string>

namespace staccato {
namespace {

bool plainNumber(std::string_view text) {
  const std::string s(text);
  char* end = nullptr;
  std::strtod(s.c_str(), &end);
  return !s.empty() && end == s.c_str() + s.size() && s.find_first_of("xXnN") == std::string::npos;  // no hex, nan, inf
}

}  // namespace

std::string csvCell(std::string_view text) {
  std::string cell(text);
  if (!cell.empty() && std::string_view("=+-@\t\r").find(cell.front()) != std::string_view::npos && !plainNumber(cell))
    cell.insert(cell.begin(), '\'');
  if (cell.find_first_of(",\"\n\r") == std::string::npos) return cell;
  std::string out = "\"";
  for (char c : cell) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string csvRow(const std::vector<std::string>& cells) {
  std::string out;
  for (size_t i = 0; i < cells.size(); ++i) out += (i ? "," : "") + csvCell(cells[i]);
  return out + "\n";
}

}  // namespace staccato
