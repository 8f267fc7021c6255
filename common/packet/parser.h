#pragma once
/// Generic frame parser driven by the registry: decodes known layers (every field as an
/// explicit value) and keeps anything else as raw bytes, so rebuilding gives the same bytes.
#include <cstdint>
#include <span>
#include <vector>

#include "common/packet/protocol.h"
#include "staccato/v1/stream.pb.h"

namespace staccato {

struct ParsedLayer {
  LayerState state;
  size_t offset = 0;
  size_t length = 0;
};

/// Parses an Ethernet frame (without FCS). Zero Ethernet padding after the last layer is not a
/// layer; its length is frame.size() - end of the last layer.
std::vector<ParsedLayer> parseFrame(std::span<const uint8_t> frame);

/// The layer as a model message with every field set (overrides), in text form.
v1::Layer toModelLayer(const LayerState& layer, bool keepComputed = true);

}  // namespace staccato
