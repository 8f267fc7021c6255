#pragma once
/// Runs a whole benchmark: for each frame size, the throughput search, then latency at the
/// throughput found, the frame-loss curve and back-to-back (which all need the throughput),
/// through one TrialExecutor. One implementation for the CLI, the GUI and Python.
#include <string>

#include "client/core/benchmark/benchmark_result.h"
#include "client/core/benchmark/trial_executor.h"
#include "client/core/benchmark/trial_runner.h"

namespace staccato::bench {

/// Runs `config` (checked first). Never throws away what was measured: on an executor error or
/// a stop request the result holds every size and trial so far, with `error` or `stopped` set.
/// `generator` names the software in the report (e.g. "staccato 0.1.0").
BenchmarkResult runBenchmark(const BenchmarkConfig& config, const Calibration& calibration, TrialExecutor& executor,
                             const RunHooks& hooks = {}, std::string generator = "staccato");

/// The throughput search of `config.search.method` at the runner's frame size.
Result<SearchOutcome> searchThroughput(TrialRunner& runner, const BenchmarkConfig& config);

}  // namespace staccato::bench
