#include "client/core/benchmark/y1564_report_junit.h"

#include "client/core/benchmark/junit_xml.h"
#include "client/core/benchmark/report_text.h"
#include "client/core/benchmark/y1564_report_text.h"

namespace staccato::bench {
namespace {

JunitCase stepCase(const Y1564Row& row) {
  JunitCase c{row.step.label, {}, {}, {}, {}, row.measured->seconds};
  // Not judged is <skipped>, as the RFC 2544 report's tester-limited results are: CI tools
  // (Jenkins, GitLab, GitHub reporters) show it apart from both passes and failures, so the
  // tester's shortfall is never read as the device's failure, nor as its pass (the CLI's exit
  // status, not 0 unless PASS, is what gates a pipeline).
  if (row.verdict->incomplete) c.skipped = y1564Reasons(row);
  else if (!row.verdict->pass) c.failure = y1564Reasons(row);
  c.out = row.step.label + " at " + fixed(row.step.rateMbps, 2) + " Mbit/s: " + std::string(verdictWord(*row.verdict)) +
          ", " + y1564Figures(row) + "\n";
  if (!row.step.note.empty()) c.out += row.step.note + "\n";
  return c;
}

}  // namespace

std::string y1564Junit(const Y1564Result& r) {
  std::vector<JunitSuite> suites;
  for (size_t i = 0; i < r.config.services.size(); ++i) {
    JunitSuite suite{r.config.services[i].name, {}};
    for (const Y1564Row& row : y1564Rows(r, i)) suite.cases.push_back(stepCase(row));
    suites.push_back(std::move(suite));
  }
  if (!r.error.empty()) suites.push_back({"run", {{"y1564", {}, {}, r.error, {}, 0}}});
  return junitXml("staccato y1564", "y1564", suites, double(r.endedNs - r.startedNs) / 1e9);
}

}  // namespace staccato::bench
