#pragma once
/// Generic frame builder: resolves user layers against the registry, lays fields out, fills
/// payload, and runs each protocol's finalize hook for auto fields.
#include <cstdint>
#include <span>
#include <vector>

#include "common/core/result.h"
#include "common/packet/build_context.h"
#include "staccato/v1/stream.pb.h"

namespace staccato {

inline constexpr size_t kFcsBytes = 4;
inline constexpr size_t kMinEthernetFrame = 64;  ///< with FCS
inline constexpr size_t kMaxFrameLength = 16384; ///< with FCS

/// Checks a layer list and turns it into resolved layer states (defaults + overrides +
/// demux fields from the layer above). Errors name the path, e.g. "layers[1].ip.ttl".
Result<std::vector<LayerState>> resolveLayers(
    const google::protobuf::RepeatedPtrField<v1::Layer>& layers);

struct BuildOptions {
  size_t frameLength = kMinEthernetFrame;  ///< FCS included
  uint32_t streamId = 0;                   ///< auto value of signature.stream_id
  uint64_t seed = 1;                       ///< random payload
};

struct BuiltFrame {
  std::vector<uint8_t> bytes;  ///< the frame without FCS
  std::vector<LayerState> layers;
  std::vector<LayerSpan> spans;
  std::vector<ChecksumInfo> checksums;
  std::vector<LengthInfo> lengths;
  int fillLayer = -1;    ///< layer that grows/shrinks with the frame length; -1: Ethernet padding
  size_t layersEnd = 0;  ///< end of the last layer (padding follows)
};

/// Smallest frame length (FCS included) the layers fit in.
size_t minimumFrameLength(const std::vector<LayerState>& layers);

/// Builds one frame. Fails when the layers do not fit in the frame length.
Result<BuiltFrame> buildFrame(std::vector<LayerState> layers, const BuildOptions& options);

/// Fixed (non-tail) header bits of a layer for its current variant.
size_t fixedHeaderBits(const LayerState& layer);

}  // namespace staccato
