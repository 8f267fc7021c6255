#pragma once
/// A benchmark's frame size: one length, or a weighted mix (IMIX), and what it costs on the wire.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/core/result.h"
#include "common/stream/wire.h"

namespace staccato::bench {

/// RFC 2544's frame sizes for Ethernet (FCS included).
inline constexpr uint32_t kDefaultFrameSizes[] = {64, 128, 256, 512, 1024, 1280, 1518};

struct FrameSize {
  uint32_t bytes = 64;               ///< a fixed length (FCS included); 0 for a mix
  std::vector<WeightedLength> mix;   ///< a mix (IMIX) when not empty

  static FrameSize fixed(uint32_t bytes) { return {bytes, {}}; }
  /// The default IMIX (7:4:1 of 64, 594 and 1518 bytes), as the stream compiler sends it.
  static FrameSize imix() { return {0, {kDefaultImix.begin(), kDefaultImix.end()}}; }

  bool isMix() const { return !mix.empty(); }
  /// Average frame length, FCS included (the weighted mean for a mix).
  double averageBytes() const;
  /// "64", or "imix" for the default mix, or "imix:64x7,594x4,1518x1" for another.
  std::string label() const;
  bool operator==(const FrameSize&) const = default;
};

/// Parses a label as label() writes it ("128", "imix", "imix:64x7,1518x1"); lengths 64..16384.
Result<FrameSize> parseFrameSize(std::string_view text);

/// Frames per second a link of `lineRateBps` carries at most, each frame costing its bytes plus
/// the 20-byte preamble and gap (RFC 2544's maximum frame rate).
double maxFrameRate(double lineRateBps, double frameBytes);
/// Bits per second on the wire (layer 1: preamble and gap included) of `pps` frames of `frameBytes`.
double l1BitsPerSecond(double pps, double frameBytes);

}  // namespace staccato::bench
