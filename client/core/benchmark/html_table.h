#pragma once
/// Small HTML pieces the report's sections share: tables with escaped cells, sections, paragraphs.
#include <string>
#include <vector>

#include "common/core/xml_text.h"

namespace staccato::bench {

/// A <table> with a header row; cells are text (escaped). `cssClass` on the table ("" = none).
inline std::string htmlTable(const std::vector<std::string>& headers, const std::vector<std::vector<std::string>>& rows,
                             const std::string& cssClass = "") {
  std::string out = cssClass.empty() ? "<table>\n<thead><tr>" : "<table class=\"" + cssClass + "\">\n<thead><tr>";
  for (const std::string& h : headers) out += "<th>" + xmlEscape(h) + "</th>";
  out += "</tr></thead>\n<tbody>\n";
  for (const auto& row : rows) {
    out += "<tr>";
    for (const std::string& cell : row) out += "<td>" + xmlEscape(cell) + "</td>";
    out += "</tr>\n";
  }
  return out + "</tbody>\n</table>\n";
}

/// A <section> with its <h2> `title` (text, escaped) and `body` (HTML).
inline std::string htmlSection(const std::string& id, const std::string& title, const std::string& body) {
  return "<section id=\"" + xmlEscape(id) + "\">\n<h2>" + xmlEscape(title) + "</h2>\n" + body + "</section>\n";
}

/// A paragraph of text (escaped).
inline std::string htmlParagraph(const std::string& text, const std::string& cssClass = "") {
  return (cssClass.empty() ? "<p>" : "<p class=\"" + cssClass + "\">") + xmlEscape(text) + "</p>\n";
}

}  // namespace staccato::bench
