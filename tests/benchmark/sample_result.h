#pragma once
/// A benchmark result with every part a report shows, from the simulated device: all four tests
/// at five frame sizes (IMIX too), both directions, a calibration that makes 64 bytes
/// tester-limited, a required NDR that 1518 bytes misses, receiver misses in the trial log.
#include "client/core/benchmark/benchmark_result.h"

namespace staccato::bench::testing {

BenchmarkResult sampleResult();

}  // namespace staccato::bench::testing
