#pragma once
/// Where a layer's fields sit on the wire, computed from the registry's bit widths.
#include <vector>

#include "common/packet/protocol.h"

namespace staccato::client {

/// Bytes covered by something in a frame; `offset` -1 when it is not on the wire.
struct ByteSpan {
  int offset = -1;
  int length = 0;

  bool contains(int byte) const { return offset >= 0 && byte >= offset && byte < offset + length; }
};

/// The bytes of each field of `layer` (indexed like spec->fields) for a layer starting at
/// `layerOffset`: sub-byte fields get their containing bytes; fields not among the fixed
/// fields of the current variant (optional, tail, payload) get offset -1.
std::vector<ByteSpan> fieldByteSpans(const LayerState& layer, int layerOffset);

}  // namespace staccato::client
