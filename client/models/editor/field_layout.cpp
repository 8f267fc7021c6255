#include "client/models/editor/field_layout.h"

namespace staccato::client {

std::vector<ByteSpan> fieldByteSpans(const LayerState& layer, int layerOffset) {
  std::vector<ByteSpan> out(layer.spec->fields.size());
  size_t bit = 0;
  for (size_t i = 0; i < layer.spec->fields.size(); ++i) {
    if (!layer.fixedFieldPresent(i)) continue;
    const size_t bits = layer.spec->fields[i].bits;
    const size_t first = bit / 8, end = (bit + bits + 7) / 8;
    out[i] = {layerOffset + static_cast<int>(first), static_cast<int>(end - first)};
    bit += bits;
  }
  return out;
}

}  // namespace staccato::client
