#pragma once
/// What the Benchmark page shows while a run goes on: how far it is and the trial it runs, from
/// the runner's progress events; and loss against offered load of every trial so far.
#include <QString>

#include "client/core/benchmark/benchmark_result.h"
#include "client/core/benchmark/svg_chart.h"
#include "client/core/benchmark/trial_runner.h"

namespace staccato::client {

/// 0..1: the frame sizes done, plus the tests done at the current size (in the order the runner
/// runs them: throughput, latency, loss, back-to-back).
double progressFraction(const bench::ProgressEvent& event, const bench::BenchmarkConfig& config);
/// "trial 17 · 256 B (3 of 7) · throughput NDR · 42.50 % of line rate for 30 s".
QString progressText(const bench::ProgressEvent& event);

/// Loss (%) against offered load (% of line rate) of every continuous trial so far that the
/// receiver saw whole (throughput search, frame-loss and latency tests), one series per frame
/// size; tester-limited trials hollow. Drawn live, while the report's loss chart waits for the
/// frame-loss test.
bench::Chart trialLossChart(const bench::BenchmarkResult& result);

}  // namespace staccato::client
