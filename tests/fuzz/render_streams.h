#pragma once
/// Shared by the targets that end in streams: compile them as the drone would and render the
/// first packets, so whatever a loader accepts also goes through the compiler and patch program.
#include <cstdlib>
#include <vector>

#include "common/stream/compiler.h"

namespace staccato::fuzz {

inline constexpr int kPacketsPerStream = 4;

/// Renders a plan's first packets; returns the first one.
inline std::vector<uint8_t> renderPackets(const TxPlan& plan) {
  PacketRenderer renderer(plan);
  std::vector<uint8_t> first;
  for (int i = 0; i < kPacketsPerStream; ++i) {
    std::span<const uint8_t> packet = renderer.next(i);
    // A packet never outgrows the template the plan sized its buffers for.
    if (packet.size() > plan.frameTemplate.size()) std::abort();
    if (i == 0) first.assign(packet.begin(), packet.end());
  }
  return first;
}

/// False when the streams do not compile.
inline bool compileAndRender(const google::protobuf::RepeatedPtrField<v1::Stream>& streams) {
  auto plans = compileAll(streams);
  if (!plans) return false;
  for (const TxPlan& plan : *plans) renderPackets(plan);
  return true;
}

}  // namespace staccato::fuzz
