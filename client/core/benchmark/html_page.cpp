#include "client/core/benchmark/html_page.h"

#include "common/core/xml_text.h"

namespace staccato::bench {
namespace {

constexpr const char* kStyle = R"(
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; padding: 0 1em; }
h1 { margin-bottom: 0.2em; } h2 { border-bottom: 1px solid #ccc; padding-bottom: 0.2em; margin-top: 2em; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { background: #f2f2f2; } table.kv th { width: 14em; }
.status { padding: 0.5em 1em; border-radius: 4px; } .ok { background: #e6f4ea; } .warn { background: #fff4e5; } .error { background: #fde7e9; }
svg.chart { display: block; margin: 1em 0; background: #fff; border: 1px solid #eee; max-width: 100%; height: auto; }
.verdict { font-size: 2em; font-weight: bold; }
details { margin: 1em 0; } footer { margin-top: 3em; color: #777; font-size: 0.85em; }
)";

}  // namespace

std::string htmlPage(const std::string& title, const std::string& heading, const std::string& body, const std::string& footer) {
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + xmlEscape(title) +
         "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n<h1>" + xmlEscape(heading) + "</h1>\n" + body +
         "<footer>" + xmlEscape(footer) + "</footer>\n</body>\n</html>\n";
}

}  // namespace staccato::bench
