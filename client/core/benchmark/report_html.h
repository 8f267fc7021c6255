#pragma once
/// The benchmark's HTML report: one self-contained page (inline CSS and SVG charts, no script,
/// no external resource), rendered from the result alone.
#include <string>

#include "client/core/benchmark/benchmark_result.h"
#include "common/core/result.h"

namespace staccato::bench {

std::string htmlReport(const BenchmarkResult& result);
Status writeHtmlReport(const std::string& path, const BenchmarkResult& result);

}  // namespace staccato::bench
