#pragma once
/// Text inside XML and HTML documents (JUnit reports, the benchmark's HTML report).
#include <string>
#include <string_view>

namespace staccato {

/// `text` as XML/HTML character data or an attribute value: &, <, >, " and ' as entities, and
/// control characters XML 1.0 does not allow (all but tab, CR, LF) as '?'.
inline std::string xmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') out += '?';
        else out += c;
    }
  }
  return out;
}

}  // namespace staccato
