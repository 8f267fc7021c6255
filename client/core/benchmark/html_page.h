#pragma once
/// The benchmark reports' page: one self-contained HTML document (inline CSS, no script, no
/// external resource) in the one stylesheet every report shares.
#include <string>

namespace staccato::bench {

/// The page: its <title> and <h1> (text, escaped), `body` (HTML), and a footer line (text).
std::string htmlPage(const std::string& title, const std::string& heading, const std::string& body, const std::string& footer);

}  // namespace staccato::bench
