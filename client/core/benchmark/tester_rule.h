#pragma once
/// The tester-limited rule, in one place: a trial whose generator could not send what was asked
/// is the tester's limit, never the device's loss or throughput.
#include "client/core/benchmark/trial.h"

namespace staccato::bench {

/// Fills the runner's part of `r` (offered and received rates per flow, testerLimited with its
/// reason, counted) from the executor's counts. Tester-limited when the executor says so, when
/// the intended rate is above `calibration` (null: not calibrated), when a burst sent fewer
/// frames than asked, or when the offered rate falls short of the intended by more than
/// `tolerance` (a fraction). Counted when neither tester-limited nor missed by the receiver.
void judgeTester(TrialResult& r, const CalibrationPoint* calibration, double tolerance, unsigned flows);

}  // namespace staccato::bench
