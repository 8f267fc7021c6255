#include "common/stream/replay.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "common/packet/builder.h"

namespace staccato {
namespace {

constexpr size_t kMaxReplayFrame = kMaxFrameLength - kFcsBytes;

Status checkShape(const v1::Stream& s) {
  if (!s.layers().empty()) return makeError("replay", "a replay stream has no layers (remove layers or replay)");
  if (!s.variable_fields().empty())
    return makeError("replay", "a replay stream has no variable fields (remove variable_fields or replay)");
  if (s.frame_length().ByteSizeLong() != 0)
    return makeError("replay", "a replay stream's frames have their own lengths (remove frame_length or replay)");
  return Ok{};
}

Status checkFrames(const v1::Replay& r) {
  const size_t n = static_cast<size_t>(r.frames_size());
  if (n == 0) return makeError("replay.frames", "a replay needs at least one frame");
  if (n > kMaxReplayFrames)
    return makeError("replay.frames", std::to_string(n) + " frames are more than a replay holds (allowed 1.." +
                                          std::to_string(kMaxReplayFrames) + ")");
  size_t total = 0;
  for (size_t i = 0; i < n; ++i) {
    const size_t len = r.frames(static_cast<int>(i)).size();
    const std::string path = "replay.frames[" + std::to_string(i) + "]";
    if (len < kMinReplayFrame)
      return makeError(path, std::to_string(len) + " bytes is shorter than an Ethernet header (" +
                                 std::to_string(kMinReplayFrame) + ")");
    if (len > kMaxReplayFrame)
      return makeError(path, std::to_string(len) + " bytes is longer than a frame may be (allowed " +
                                 std::to_string(kMinReplayFrame) + ".." + std::to_string(kMaxReplayFrame) +
                                 " bytes without FCS)");
    total += len;
    if (total > kMaxReplayBytes)
      return makeError("replay.frames", "more than " + std::to_string(kMaxReplayBytes >> 20) +
                                            " MiB of frames (a replay holds at most that; import fewer frames)");
  }
  return Ok{};
}

Status checkTiming(const v1::Replay& r) {
  if (!std::isfinite(r.speed()) || r.speed() < 0)
    return makeError("replay.speed", "must be a positive number (0 means 1)");
  if (r.times_ns().empty()) return Ok{};
  if (r.times_ns_size() != r.frames_size())
    return makeError("replay.times_ns", std::to_string(r.times_ns_size()) + " times for " +
                                            std::to_string(r.frames_size()) + " frames (give one per frame, or none)");
  for (int i = 1; i < r.times_ns_size(); ++i)
    if (r.times_ns(i) < r.times_ns(i - 1))
      return makeError("replay.times_ns[" + std::to_string(i) + "]",
                       std::to_string(r.times_ns(i)) + " is before the previous time " +
                           std::to_string(r.times_ns(i - 1)) + " (times must be ascending)");
  return Ok{};
}

}  // namespace

Status planReplay(const v1::Stream& stream, TxPlan& plan) {
  const v1::Replay& r = stream.replay();
  if (auto st = checkShape(stream); !st) return st;
  if (auto st = checkFrames(r); !st) return st;
  if (auto st = checkTiming(r); !st) return st;

  size_t total = 0, shortest = kMaxReplayFrame, longest = 0;
  for (const std::string& f : r.frames()) {
    total += f.size();
    shortest = std::min(shortest, f.size());
    longest = std::max(longest, f.size());
  }
  const size_t n = static_cast<size_t>(r.frames_size());
  plan.tracked = false;  // recorded frames carry no signature of ours
  plan.averageFrameBytes = double(total) / double(n) + kFcsBytes;
  plan.frameTemplate.assign(longest, 0);  // sizes the transmit buffers; every packet overwrites it
  plan.length.varies = shortest != longest;
  plan.length.min = static_cast<uint16_t>(shortest);
  plan.length.max = static_cast<uint16_t>(longest);

  PatchOp op{PatchOpKind::kReplayFrame};
  op.slot = plan.slotCount++;
  op.count = n;
  plan.ops.push_back(op);

  plan.replay.active = true;
  plan.replay.timed = !r.times_ns().empty();
  plan.replay.speed = r.speed() > 0 ? r.speed() : 1;
  if (plan.replay.timed && n > 1) plan.replay.meanGapNs = double(r.times_ns(r.times_ns_size() - 1)) / double(n - 1);
  return Ok{};
}

}  // namespace staccato
