#include "client/cli/junit_report.h"

#include <map>

#include "common/files/stream_file.h"

namespace staccato::cli {
namespace {

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        // XML 1.0 allows no control characters but tab, CR, LF.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') out += '?';
        else out += c;
    }
  }
  return out;
}

}  // namespace

std::string junitXml(const std::vector<Verdict>& verdicts, double seconds) {
  std::vector<std::string> order;  // suites in first-seen order
  std::map<std::string, std::vector<const Verdict*>> suites;
  size_t failures = 0, skipped = 0;
  for (const Verdict& v : verdicts) {
    if (!suites.contains(v.suite)) order.push_back(v.suite);
    suites[v.suite].push_back(&v);
    failures += !v.failure.empty();
    skipped += !v.skipped.empty();
  }
  std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  xml += "<testsuites name=\"staccato\" tests=\"" + std::to_string(verdicts.size()) + "\" failures=\"" +
         std::to_string(failures) + "\" skipped=\"" + std::to_string(skipped) + "\" time=\"" + std::to_string(seconds) +
         "\">\n";
  for (const std::string& suite : order) {
    size_t suiteFailures = 0, suiteSkipped = 0;
    for (const Verdict* v : suites[suite]) {
      suiteFailures += !v->failure.empty();
      suiteSkipped += !v->skipped.empty();
    }
    xml += "  <testsuite name=\"" + escape(suite) + "\" tests=\"" + std::to_string(suites[suite].size()) +
           "\" failures=\"" + std::to_string(suiteFailures) + "\" skipped=\"" + std::to_string(suiteSkipped) +
           "\" time=\"" + std::to_string(seconds) + "\">\n";
    for (const Verdict* v : suites[suite]) {
      xml += "    <testcase classname=\"" + escape(suite) + "\" name=\"" + escape(v->name) + "\">\n";
      if (!v->failure.empty()) xml += "      <failure message=\"" + escape(v->failure) + "\"/>\n";
      if (!v->skipped.empty()) xml += "      <skipped message=\"" + escape(v->skipped) + "\"/>\n";
      if (!v->details.empty()) xml += "      <system-out>" + escape(v->details) + "</system-out>\n";
      xml += "    </testcase>\n";
    }
    xml += "  </testsuite>\n";
  }
  return xml + "</testsuites>\n";
}

Status writeJunit(const std::string& path, const std::vector<Verdict>& verdicts, double seconds) {
  return writeFileAtomically(path, junitXml(verdicts, seconds));
}

}  // namespace staccato::cli
