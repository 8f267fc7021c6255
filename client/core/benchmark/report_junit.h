#pragma once
/// The benchmark as JUnit XML for CI: a test suite per test, a test case per frame size. A goal
/// not met (or below its required load) or broken latency criteria fail it; a tester-limited
/// result is skipped with the reason; an error or a stop is a case of its own.
#include <string>

#include "client/core/benchmark/benchmark_result.h"

namespace staccato::bench {

std::string junitReport(const BenchmarkResult& result);

}  // namespace staccato::bench
