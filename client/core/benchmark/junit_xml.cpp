#include "client/core/benchmark/junit_xml.h"

#include "client/core/benchmark/report_text.h"
#include "common/core/xml_text.h"

namespace staccato::bench {
namespace {

std::string xmlCase(std::string_view className, const JunitCase& c) {
  std::string x = "    <testcase classname=\"" + xmlEscape(className) + "\" name=\"" + xmlEscape(c.name) + "\" time=\"" +
                  fixed(c.seconds, 3) + "\">\n";
  if (!c.error.empty()) x += "      <error message=\"" + xmlEscape(c.error) + "\"/>\n";
  else if (!c.failure.empty()) x += "      <failure message=\"" + xmlEscape(c.failure) + "\"/>\n";
  else if (!c.skipped.empty()) x += "      <skipped message=\"" + xmlEscape(c.skipped) + "\"/>\n";
  if (!c.out.empty()) x += "      <system-out>" + xmlEscape(c.out) + "</system-out>\n";
  return x + "    </testcase>\n";
}

}  // namespace

std::string junitXml(std::string_view title, std::string_view classPrefix, const std::vector<JunitSuite>& suites, double seconds) {
  size_t tests = 0, failures = 0, errors = 0, skipped = 0;
  std::string body;
  for (const JunitSuite& suite : suites) {
    size_t f = 0, e = 0, sk = 0;
    double suiteSeconds = 0;
    for (const JunitCase& c : suite.cases) {
      e += !c.error.empty();
      f += c.error.empty() && !c.failure.empty();
      sk += c.error.empty() && c.failure.empty() && !c.skipped.empty();
      suiteSeconds += c.seconds;
    }
    body += "  <testsuite name=\"" + xmlEscape(suite.name) + "\" tests=\"" + std::to_string(suite.cases.size()) +
            "\" failures=\"" + std::to_string(f) + "\" errors=\"" + std::to_string(e) + "\" skipped=\"" + std::to_string(sk) +
            "\" time=\"" + fixed(suiteSeconds, 3) + "\">\n";
    for (const JunitCase& c : suite.cases) body += xmlCase(std::string(classPrefix) + "." + suite.name, c);
    body += "  </testsuite>\n";
    tests += suite.cases.size(), failures += f, errors += e, skipped += sk;
  }
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"" + xmlEscape(title) + "\" tests=\"" +
         std::to_string(tests) + "\" failures=\"" + std::to_string(failures) + "\" errors=\"" + std::to_string(errors) +
         "\" skipped=\"" + std::to_string(skipped) + "\" time=\"" + fixed(seconds, 3) + "\">\n" + body + "</testsuites>\n";
}

}  // namespace staccato::bench
