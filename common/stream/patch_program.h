#pragma once
/// Runs a stream's patch program on one frame buffer: the transmit hot path.
#include <cstdint>

#include "common/stream/tx_plan.h"

namespace staccato {

/// Prepares state for a worker that sends packets first, first+stride, first+2*stride, ...
/// Their signatures carry the stream's own numbering (lane 0: packet n has sequence n), unless
/// `lane` gives the worker a lane of its own (one of several transmit queues).
PatchState makePatchState(const TxPlan& plan, uint64_t first = 0, uint64_t stride = 1, uint64_t rngSeed = 0,
                          const SignatureLane* lane = nullptr);

/// Turns `frame` (which holds the template, or a previous packet of this plan) into the next
/// packet and returns its length in bytes without FCS. `frame` must have room for the
/// template. No allocation, no locks, no logging.
uint16_t applyPatchProgram(const TxPlan& plan, PatchState& state, uint8_t* frame, uint64_t txTimeNs) noexcept;

}  // namespace staccato
