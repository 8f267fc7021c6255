#include "client/models/editor/field_layout.h"

#include "common/packet/registry.h"

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

const FieldSpec* findFieldSpec(std::string_view fieldName) {
  for (const ProtocolSpec* p : ProtocolRegistry::builtin().all())
    if (int i = p->fieldIndex(fieldName); i >= 0) return &p->fields[static_cast<size_t>(i)];
  return nullptr;
}

}  // namespace staccato::client
