#pragma once
/// How far a Y.1564 run is, as its page shows it while it goes on: the configuration steps
/// planned and done, and the performance test's seconds.
#include <QString>

#include <cstdint>
#include <vector>

#include "client/core/benchmark/y1564_plan.h"

namespace staccato::client {

struct Y1564Progress {
  std::vector<bench::Y1564Step> plan;  ///< the configuration steps (none when only the performance test runs)
  size_t stepsDone = 0;
  double performanceSeconds = 0;       ///< 0 when the performance test is not run
  uint32_t secondsDone = 0;
  /// 0..1, by the time the steps and seconds take.
  double fraction() const;
  /// "Step 3 of 10: data · 75 % of CIR · 30.00 Mbit/s for 10 s", or "Performance test: second
  /// 37 of 900, every service at its CIR".
  QString text(const bench::Y1564Config& config) const;
};

}  // namespace staccato::client
