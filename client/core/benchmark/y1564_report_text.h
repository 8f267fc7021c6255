#pragma once
/// What the Y.1564 reports (CSV, JUnit, HTML) show alike, from the result alone: each service's
/// rows (its configuration steps, then its performance test) and their figures and reasons.
#include <string>
#include <vector>

#include "client/core/benchmark/y1564_runner.h"

namespace staccato::bench {

/// A step of a service as the reports list it.
struct Y1564Row {
  Y1564Step step;  ///< the performance test's is performanceStep(): at CIR, as long as the test
  const Y1564Measurement* measured = nullptr;
  const Y1564Verdict* verdict = nullptr;
  const Availability* availability = nullptr;  ///< the performance test's row only
};

/// Service `service`'s rows: its configuration steps measured, then its performance test if run.
std::vector<Y1564Row> y1564Rows(const Y1564Result& r, size_t service);
/// Why the row is not a pass (every failure, "not judged: ..." first when it is incomplete) and
/// the step's note, "; " between them; "" for a pass as asked.
std::string y1564Reasons(const Y1564Row& row);
/// FTD or FDV (ms) as the tables show it: "" when the step measured no delay.
std::string y1564DelayText(const Y1564Measurement& m, double ms);
/// The seconds the performance test measured (its longest service's; 0 when it did not run).
size_t y1564MeasuredSeconds(const Y1564Result& r);
/// "IR 36.00 Mbit/s, FLR 10 %, FTD 2.000 ms, FDV 0.300 ms" (and AVAIL for the performance test).
std::string y1564Figures(const Y1564Row& row);

}  // namespace staccato::bench
