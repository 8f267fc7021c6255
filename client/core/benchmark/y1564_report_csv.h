#pragma once
/// A Y.1564 run as CSV for spreadsheets: one row per configuration step and one per service's
/// performance test, service after service. Rendered from the result alone.
#include <string>

#include "client/core/benchmark/y1564_runner.h"

namespace staccato::bench {

/// Columns: service, step, rate_mbps, seconds, sent, received, flr_pct, ir_mbps, ftd_ms, fdv_ms,
/// avail_pct (the performance rows), verdict (PASS, FAIL or INCOMPLETE), reasons.
std::string y1564StepsCsv(const Y1564Result& result);

}  // namespace staccato::bench
