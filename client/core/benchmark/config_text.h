#pragma once
/// Benchmark settings as a person gives them, read and applied one way for every interface: the
/// CLI's options (`--sizes`, `--loss`, `--duration`, `--precision`) and the GUI Benchmark page's
/// fields. Errors carry no path: the caller prefixes its option or field name.
#include <string_view>
#include <vector>

#include "client/core/benchmark/benchmark_config.h"
#include "client/core/benchmark/frame_size.h"
#include "common/core/decimal_text.h"  // parseDecimal, which every setting here reads with
#include "common/core/result.h"

namespace staccato::bench {

/// The largest loss goal, in percent: beyond it a "partial drop rate" says little of a device.
inline constexpr double kMaxLossGoalPercent = 50;

/// Frame sizes separated by commas, spaces or semicolons ("64,128 imix"; a run of them is one
/// separator), each once and at least one; a mix of its own keeps its items together
/// ("imix:64x7,1518x1": the LENxWEIGHT items after "imix:" are its own).
Result<std::vector<FrameSize>> parseFrameSizeList(std::string_view text);

/// Loss goals in percent (0 to 50) separated by commas, spaces or semicolons, each once and at
/// least one, lowest first: 0 is "NDR", a single non-zero goal "PDR", several "PDR 0.5 %".
Result<std::vector<LossGoal>> parseLossGoals(std::string_view text);

/// The search stops when its bounds are within `fraction` of each other (relative, 0 < f < 0.5),
/// whatever absolute precision the config had.
void setRelativePrecision(BenchmarkConfig& config, double fraction);

/// The full-length trials of the search, the latency test and the loss test last `seconds` (> 0);
/// the search's short trials are no longer, and its duration sum (when set) no shorter.
void setTrialSeconds(BenchmarkConfig& config, double seconds);

}  // namespace staccato::bench
