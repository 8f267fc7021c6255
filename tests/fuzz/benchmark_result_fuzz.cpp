/// Benchmark result files: parse, render every report from what parsed (a file from elsewhere
/// must not crash the HTML, CSV or JUnit writers), and check that writing it again and reading
/// that back gives the same result.
#include <cstdlib>
#include <string_view>

#include "client/core/benchmark/report_csv.h"
#include "client/core/benchmark/report_html.h"
#include "client/core/benchmark/report_junit.h"
#include "client/core/benchmark/result_json.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace staccato::bench;
  auto result = parseResultJson(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!result) return 0;
  if (htmlReport(*result).empty() || resultsCsv(*result).empty() || trialsCsv(*result).empty() || junitReport(*result).empty())
    std::abort();
  auto again = parseResultJson(resultJson(*result));
  if (!again || !(*again == *result)) std::abort();
  return 0;
}
