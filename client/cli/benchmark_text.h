#pragma once
/// What `staccato-cli benchmark` prints for people: the progress line naming the trial about to
/// run, the summary of each frame size's results, and the calibration table (frame size, kpps,
/// Mbit/s with the 20-byte preamble and gap, % of line rate).
#include <string>

#include "client/core/benchmark/benchmark_result.h"
#include "client/core/benchmark/trial_runner.h"

namespace staccato::cli {

/// "[2/7] 128 B  throughput NDR  trial 14: 12.50 % of line rate (1.48 Mpps per flow) for 5 s".
std::string progressText(const bench::ProgressEvent& e);
/// One line per frame size and result: throughput per goal, latency, back-to-back (an error or a
/// stop is the command's to say, on stderr).
std::string summaryText(const bench::BenchmarkResult& r);
std::string calibrationTable(const bench::Calibration& c);

}  // namespace staccato::cli
