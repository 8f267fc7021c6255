#pragma once
/// JUnit XML (the format Jenkins, GitLab and GitHub test reporters read) from run verdicts.
#include <string>
#include <vector>

#include "client/cli/run_verdict.h"
#include "common/core/result.h"

namespace staccato::cli {

/// One <testsuite> per port, one <testcase> per verdict, counters in <system-out>.
std::string junitXml(const std::vector<Verdict>& verdicts, double seconds);
Status writeJunit(const std::string& path, const std::vector<Verdict>& verdicts, double seconds);

}  // namespace staccato::cli
