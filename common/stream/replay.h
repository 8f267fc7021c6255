#pragma once
/// Replay streams: a recorded capture sent frame by frame (Stream.replay) instead of frames
/// built from layers.
#include <cstddef>

#include "common/core/result.h"
#include "common/stream/tx_plan.h"

namespace staccato {

inline constexpr size_t kMaxReplayFrames = 1000000;
inline constexpr size_t kMaxReplayBytes = size_t{256} << 20;  ///< all frames together
inline constexpr size_t kMinReplayFrame = 14;                 ///< an Ethernet header

/// Validates a stream with `replay` set (no layers, variable fields or frame length; 1..1,000,000
/// frames of 14..16380 bytes without FCS, 256 MiB in all; ascending times, one per frame; a
/// positive speed) and plans it: one kReplayFrame op, a zero template as long as the longest
/// frame, no signature. The caller attaches the recording (ReplayPlan::recording).
Status planReplay(const v1::Stream& stream, TxPlan& plan);

}  // namespace staccato
