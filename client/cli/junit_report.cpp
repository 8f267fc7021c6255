#include "client/cli/junit_report.h"

#include <map>

#include "common/core/xml_text.h"
#include "common/files/stream_file.h"

namespace staccato::cli {

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
    xml += "  <testsuite name=\"" + xmlEscape(suite) + "\" tests=\"" + std::to_string(suites[suite].size()) +
           "\" failures=\"" + std::to_string(suiteFailures) + "\" skipped=\"" + std::to_string(suiteSkipped) +
           "\" time=\"" + std::to_string(seconds) + "\">\n";
    for (const Verdict* v : suites[suite]) {
      xml += "    <testcase classname=\"" + xmlEscape(suite) + "\" name=\"" + xmlEscape(v->name) + "\">\n";
      if (!v->failure.empty()) xml += "      <failure message=\"" + xmlEscape(v->failure) + "\"/>\n";
      if (!v->skipped.empty()) xml += "      <skipped message=\"" + xmlEscape(v->skipped) + "\"/>\n";
      if (!v->details.empty()) xml += "      <system-out>" + xmlEscape(v->details) + "</system-out>\n";
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
