#pragma once
/// The report's four charts as data, from the result alone: the HTML report draws them as SVG,
/// and a GUI can plot the same series. A chart whose test did not run has no series.
#include "client/core/benchmark/benchmark_result.h"
#include "client/core/benchmark/svg_chart.h"

namespace staccato::bench {

/// Throughput (kpps per flow) per frame size: each goal's result against the theoretical line
/// rate and this generator's calibration. Tester-limited results are hollow points.
Chart throughputChart(const BenchmarkResult& r);
/// Latency (us) per frame size at the full throughput found: minimum, average, p99, maximum.
Chart latencyChart(const BenchmarkResult& r);
/// Frame-loss rate (%) against offered load (% of line rate), one series per frame size.
Chart lossChart(const BenchmarkResult& r);
/// Back-to-back per frame size: the average longest burst and RFC 9004's corrected buffer (frames).
Chart backToBackChart(const BenchmarkResult& r);

}  // namespace staccato::bench
