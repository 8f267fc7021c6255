#pragma once
/// Figures and verdicts as every report writes them (HTML, CSV, JUnit), from the result alone.
#include <string>

#include "client/core/benchmark/benchmark_result.h"

namespace staccato::bench {

std::string fixed(double v, int digits);
/// A load (fraction of line rate) as "39.38 %".
std::string loadText(double load);

/// What a load means at a frame size on the result's ports, per flow.
struct RateFigures {
  double pps = 0;
  double l1Mbps = 0;  ///< preamble and gap included
  double l2Mbps = 0;  ///< frames (FCS included)
};
RateFigures figuresAt(const BenchmarkResult& r, const FrameSize& size, double load);

/// A goal's outcome in words: "39.38 % of line rate", "tester-limited at ...", "not met even at
/// the minimum load (0.1 %)".
std::string goalText(const GoalResult& g);
/// Why a goal fails as a test case ("" = passes): not met at all, or below its required load.
std::string goalFailure(const GoalResult& g);
/// A goal's note in the tables: why it is tester-limited or failed, and that the device pushed back.
std::string goalNote(const GoalResult& g);

}  // namespace staccato::bench
