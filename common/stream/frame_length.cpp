#include "common/stream/frame_length.h"

#include <algorithm>
#include <numeric>
#include <string>

#include "common/packet/builder.h"
#include "common/stream/wire.h"

namespace staccato {
namespace {

constexpr size_t kMaxMixTable = 4096;  // sum of weights; bounds the table's memory

Status checkLength(const std::string& path, uint64_t len, size_t minLen) {
  if (len < minLen || len > kMaxFrameLength)
    return makeError(path, std::to_string(len) + " is out of range (allowed " + std::to_string(minLen) + ".." +
                               std::to_string(kMaxFrameLength) + " bytes, FCS included; the layers need " +
                               std::to_string(minLen) + ")");
  return Ok{};
}

/// Smooth weighted round-robin: 7:4:1 interleaves instead of sending 7 small frames in a row.
std::vector<uint16_t> interleave(const std::vector<WeightedLength>& sizes) {
  uint64_t total = 0;
  for (const WeightedLength& s : sizes) total += s.weight;
  std::vector<int64_t> current(sizes.size(), 0);
  std::vector<uint16_t> table;
  table.reserve(total);
  for (uint64_t n = 0; n < total; ++n) {
    size_t best = 0;
    for (size_t i = 0; i < sizes.size(); ++i) {
      current[i] += sizes[i].weight;
      if (current[i] > current[best]) best = i;
    }
    current[best] -= static_cast<int64_t>(total);
    table.push_back(static_cast<uint16_t>(sizes[best].length - kFcsBytes));
  }
  return table;
}

}  // namespace

Result<double> planFrameLength(const v1::FrameLength& spec, size_t minLen, LengthPlan& plan) {
  using M = v1::FrameLength;
  plan = LengthPlan{};
  switch (spec.mode()) {
    case M::MODE_UNSPECIFIED:
    case M::FIXED: {
      uint32_t len = spec.fixed() ? spec.fixed() : kMinEthernetFrame;
      if (auto st = checkLength("frame_length.fixed", len, minLen); !st) return st.error();
      plan.min = plan.max = static_cast<uint16_t>(len - kFcsBytes);
      return double(len);
    }
    case M::INCREMENT:
    case M::DECREMENT:
    case M::RANDOM: {
      if (auto st = checkLength("frame_length.min", spec.min(), minLen); !st) return st.error();
      if (auto st = checkLength("frame_length.max", spec.max(), minLen); !st) return st.error();
      if (spec.min() > spec.max())
        return makeError("frame_length.min", std::to_string(spec.min()) + " is above max " + std::to_string(spec.max()));
      plan.min = static_cast<uint16_t>(spec.min() - kFcsBytes);
      plan.max = static_cast<uint16_t>(spec.max() - kFcsBytes);
      plan.varies = spec.min() != spec.max();
      if (spec.mode() == M::RANDOM) {
        plan.random = plan.varies;
        return (spec.min() + spec.max()) / 2.0;
      }
      const uint32_t step = spec.step() ? spec.step() : 1;
      double sum = 0;
      for (uint32_t l = spec.min(); l <= spec.max(); l += step) {
        plan.table.push_back(static_cast<uint16_t>(l - kFcsBytes));
        sum += l;
      }
      if (spec.mode() == M::DECREMENT) std::reverse(plan.table.begin(), plan.table.end());
      return sum / static_cast<double>(plan.table.size());
    }
    case M::IMIX: {
      std::vector<WeightedLength> sizes;
      for (const auto& ws : spec.mix()) sizes.push_back({ws.length(), ws.weight()});
      if (sizes.empty()) sizes.assign(kDefaultImix.begin(), kDefaultImix.end());
      uint64_t total = 0;
      double sum = 0;
      uint32_t lo = UINT32_MAX, hi = 0;
      for (size_t i = 0; i < sizes.size(); ++i) {
        const std::string path = "frame_length.mix[" + std::to_string(i) + "]";
        if (auto st = checkLength(path + ".length", sizes[i].length, minLen); !st) return st.error();
        if (sizes[i].weight == 0) return makeError(path + ".weight", "must be at least 1");
        total += sizes[i].weight;
        sum += double(sizes[i].length) * sizes[i].weight;
        lo = std::min(lo, sizes[i].length);
        hi = std::max(hi, sizes[i].length);
      }
      if (total > kMaxMixTable)
        return makeError("frame_length.mix", "weights add up to " + std::to_string(total) + ", at most " +
                                                 std::to_string(kMaxMixTable) + " (scale them down)");
      plan.table = interleave(sizes);
      plan.min = static_cast<uint16_t>(lo - kFcsBytes);
      plan.max = static_cast<uint16_t>(hi - kFcsBytes);
      plan.varies = lo != hi;
      return sum / double(total);
    }
    default:
      return makeError("frame_length.mode", "unknown mode " + std::to_string(spec.mode()));
  }
}

}  // namespace staccato
