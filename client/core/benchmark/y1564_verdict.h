#pragma once
/// Whether a Y.1564 configuration step met its service's acceptance criteria. Committed steps (the
/// CIR steps, CBS) are held to every criterion: FLR, FTD, FDV, and an information rate of what was
/// sent. Excess steps (CIR + EIR, EBS) only to getting at least CIR through, since the device may
/// drop the excess; the policing step to letting no more than CIR + EIR through, and CIR at least.
#include <cstdint>
#include <string>
#include <vector>

#include "client/core/benchmark/y1564_plan.h"

namespace staccato::bench {

/// What one step measured for its service, in one direction.
struct Y1564Measurement {
  uint64_t sent = 0;
  uint64_t received = 0;
  double seconds = 0;          ///< how long the step sent
  bool delayMeasured = false;  ///< FTD and FDV below are measured
  double ftdMs = 0;            ///< frame transfer delay, the average (one way, or half a reflector's round trip)
  double fdvMs = 0;            ///< frame delay variation
};

struct Y1564Verdict {
  bool pass = true;
  double irMbps = 0;  ///< information rate received (frames, FCS included)
  double flr = 0;     ///< frame loss ratio
  std::vector<std::string> failures;  ///< each criterion missed, e.g. "FLR 2.1 % above the allowed 0.01 %"
};

Y1564Verdict judgeStep(const Y1564Config& c, const Y1564Step& step, const Y1564Measurement& m);

}  // namespace staccato::bench
