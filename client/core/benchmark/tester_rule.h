#pragma once
/// The tester-limited rule, in one place: a trial whose generator could not send what was asked
/// is the tester's limit, never the device's loss or throughput.
#include "client/core/benchmark/trial.h"

namespace staccato::bench {

/// Fills the runner's part of `r` (offered and received rates per flow, testerLimited with its
/// reason, counted) from the executor's counts. Tester-limited when the executor says so, when
/// the intended rate is above `calibration` (null: not calibrated), when a burst sent fewer
/// frames than asked, or when the offered rate falls short of the intended by more than
/// `tolerance` (a fraction), unless the device pushed back (devicePushedBack: the sender waited
/// for room at its port at least half as long as the missing frames take; then the trial counts
/// at the load it offered). Counted when neither tester-limited nor missed by the receiver.
void judgeTester(TrialResult& r, const CalibrationPoint* calibration, double tolerance, unsigned flows);

/// How far behind its schedule a generator may fall before its catch-up is a burst a device
/// could drop: the batches it sends anyway (64 frames at `pps`), at least 0.5 ms, and at most 2 ms
/// (at a low rate 64 frames take long: a shaper whose queue is nearly full drops such a burst). A trial
/// that lost frames after a longer catch-up is `senderStalled`: repeated, never the device's loss.
/// With trial.bound_catch_up, trials ask the drones to catch up no more than this (StartTx max_catch_up_us).
uint64_t senderPacingLimitNs(double pps);
/// Why a stalled trial is not the device's: "the generator fell 3.2 ms behind its schedule and
/// caught up in a burst of about 320 frames", or "... and let the gap go: it offered 85.0 kpps of
/// the intended 100.0 kpps" (TrialResult::letGap).
std::string stallText(const TrialResult& r);
/// What a trial that stalled on every attempt means: "the loss may be that burst's", or "it
/// cannot offer the load" when it let gaps go.
std::string stallConsequence(const TrialResult& r);
/// What a pushed-back trial says: "the device took 102.5 kpps of the intended 103.5 kpps (the
/// generator waited 2.1 s for room at its port)".
std::string pushBackText(const TrialResult& r);

}  // namespace staccato::bench
