#pragma once
/// Whether a Y.1564 configuration step met its service's acceptance criteria. Committed steps (the
/// CIR steps, CBS) are held to every criterion: FLR, FTD, FDV, and an information rate of what was
/// sent. Excess steps (CIR + EIR, EBS) only to getting at least CIR through, since the device may
/// drop the excess; the policing step to letting no more than CIR + EIR through, and CIR at least.
/// A step the tester did not offer in full (within the rate tolerance) or could not count is
/// incomplete.
#include <cstdint>
#include <string>
#include <string_view>
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
  /// Why the tester's own counts cannot be judged ("" = they can): its sender failed, or its
  /// receiver missed frames. The step is then incomplete, never the device's failure.
  std::string testerNote;
};

struct Y1564Verdict {
  bool pass = true;
  /// Not judged: the tester did not offer the step's rate or could not count it (failures says
  /// why); not a pass, and not the device's failure either.
  bool incomplete = false;
  double irMbps = 0;  ///< information rate received (frames, FCS included)
  double flr = 0;     ///< frame loss ratio
  std::vector<std::string> failures;  ///< each criterion missed, e.g. "FLR 2.1 % above the allowed 0.01 %"
};

/// "PASS", "FAIL" or "INCOMPLETE" (not judged), as every report writes a verdict.
std::string_view verdictWord(const Y1564Verdict& v);

Y1564Verdict judgeStep(const Y1564Config& c, const Y1564Step& step, const Y1564Measurement& m);

}  // namespace staccato::bench
