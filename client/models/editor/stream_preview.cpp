#include "client/models/editor/stream_preview.h"

#include "common/stream/compiler.h"

namespace staccato::client {

Result<std::vector<uint8_t>> renderPacket(const v1::Stream& stream, int number) {
  auto plan = compile(stream);
  if (!plan) return plan.error();
  PacketRenderer renderer(*plan);
  std::span<const uint8_t> packet;
  for (int i = 0; i < std::max(number, 1); ++i) packet = renderer.next();
  return std::vector<uint8_t>(packet.begin(), packet.end());
}

std::vector<int> matchDecodedLayers(const google::protobuf::RepeatedPtrField<v1::Layer>& layers,
                                    const std::vector<ParsedLayer>& decoded) {
  std::vector<int> out(static_cast<size_t>(layers.size()), -1);
  size_t next = 0;
  for (int i = 0; i < layers.size(); ++i) {
    for (size_t j = next; j < decoded.size(); ++j) {
      if (decoded[j].state.spec->name != layers[i].protocol()) continue;
      out[static_cast<size_t>(i)] = static_cast<int>(j);
      next = j + 1;
      break;
    }
  }
  return out;
}

}  // namespace staccato::client
