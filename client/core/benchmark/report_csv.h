#pragma once
/// The benchmark as CSV for spreadsheets: one row per result (test x frame size x goal, latency
/// load, loss step, back-to-back), and one row per trial. Rendered from the result alone.
#include <string>

#include "client/core/benchmark/benchmark_result.h"

namespace staccato::bench {

std::string resultsCsv(const BenchmarkResult& result);
std::string trialsCsv(const BenchmarkResult& result);

}  // namespace staccato::bench
