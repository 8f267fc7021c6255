// Writes the sample benchmark's reports (HTML, JSON, CSV, JUnit) for people and browsers to look
// at: benchmark_sample_report OUT.html [OUT.json] [OUT.csv] [OUT.xml]
#include <cstdio>
#include <string>

#include "client/core/benchmark/report_csv.h"
#include "client/core/benchmark/report_html.h"
#include "client/core/benchmark/report_junit.h"
#include "client/core/benchmark/result_json.h"
#include "common/files/stream_file.h"
#include "tests/benchmark/sample_result.h"

int main(int argc, char** argv) {
  using namespace staccato::bench;
  if (argc < 2 || argc > 5) {
    std::fprintf(stderr, "usage: %s OUT.html [OUT.json] [OUT.csv] [OUT.xml]\n", argv[0]);
    return 2;
  }
  const BenchmarkResult result = testing::sampleResult();
  if (!result.error.empty()) {
    std::fprintf(stderr, "sample benchmark failed: %s\n", result.error.c_str());
    return 1;
  }
  const std::string texts[] = {htmlReport(result), resultJson(result), resultsCsv(result), junitReport(result)};
  for (int i = 1; i < argc; ++i)
    if (auto s = staccato::writeFileAtomically(argv[i], texts[i - 1]); !s) {
      std::fprintf(stderr, "%s\n", s.error().toString().c_str());
      return 1;
    }
  return 0;
}
