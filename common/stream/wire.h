#pragma once
/// What frames cost on the wire, free of protobuf (for code that must not see it, such as the
/// benchmark runner): the per-frame layer-1 overhead and the default IMIX.
#include <array>
#include <cstdint>

namespace staccato {

inline constexpr double kL1OverheadBytes = 20;  ///< preamble + SFD (8) + inter-frame gap (12)

/// A frame length (FCS included) and its weight in a mix.
struct WeightedLength {
  uint32_t length = 0;
  uint32_t weight = 0;
  bool operator==(const WeightedLength&) const = default;
};

/// The mix an IMIX frame length without one sends: 7:4:1 of 64, 594 and 1518 bytes.
inline constexpr std::array<WeightedLength, 3> kDefaultImix{{{64, 7}, {594, 4}, {1518, 1}}};

}  // namespace staccato
