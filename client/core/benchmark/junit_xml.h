#pragma once
/// JUnit XML as CI tools read it (Jenkins, GitLab, GitHub test reporters), for the benchmark's
/// reports: suites of cases, each passed, failed, skipped or in error, with their counts and times.
#include <string>
#include <string_view>
#include <vector>

namespace staccato::bench {

/// A test case: in error when `error` is set, else failed when `failure` is, else skipped when
/// `skipped` is, else passed. `out` is its <system-out> (the figures behind the verdict).
struct JunitCase {
  std::string name, failure, skipped, error, out;
  double seconds = 0;
};

struct JunitSuite {
  std::string name;
  std::vector<JunitCase> cases;
};

/// The document: <testsuites name="`title`"> lasting `seconds`, each suite's cases of the class
/// "`classPrefix`.<suite>".
std::string junitXml(std::string_view title, std::string_view classPrefix, const std::vector<JunitSuite>& suites, double seconds);

}  // namespace staccato::bench
