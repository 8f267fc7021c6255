#pragma once
/// Frame-length modes: fixed, increment, decrement, random, IMIX and weighted mixes.
#include "common/core/result.h"
#include "common/stream/tx_plan.h"

namespace staccato {

/// Checks the mode against [minLen, kMaxFrameLength] (FCS included) and fills `plan` with
/// lengths without FCS: table/random/min/max, `varies`. Average frame length (with FCS) is
/// returned.
Result<double> planFrameLength(const v1::FrameLength& spec, size_t minLen, LengthPlan& plan);

}  // namespace staccato
