#pragma once
/// The HTML report's test sections (report_sections.cpp): each a chart, a table and how to read
/// them; "" when the test did not run.
#include <string>

#include "client/core/benchmark/benchmark_result.h"

namespace staccato::bench {

std::string throughputSection(const BenchmarkResult& r);
std::string latencySection(const BenchmarkResult& r);
std::string lossSection(const BenchmarkResult& r);
std::string backToBackSection(const BenchmarkResult& r);

}  // namespace staccato::bench
