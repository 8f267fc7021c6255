// Raw bytes typed by the user, at any place in the stack.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {.name = "raw.data", .label = "Bytes", .bits = 0, .format = FieldFormat::kBytes, .defaultValue = "",
     .flags = kFieldNoVary, .help = "hex bytes, e.g. 'deadbeef'"},
};

void encode(const LayerState& l, std::vector<uint8_t>& out) {
  const auto& b = l.value("raw.data").bytes;
  out.insert(out.end(), b.begin(), b.end());
}

void decode(std::span<const uint8_t> tail, LayerState& l) {
  l.set("raw.data", {0, {tail.begin(), tail.end()}});
}

constexpr TailCodec kCodec{encode, nullptr, decode};  // wire size: the rest of the packet

constexpr ProtocolSpec kRaw{
    .name = "raw",
    .displayName = "Raw bytes",
    .shortName = "Raw",
    .summary = "Bytes exactly as typed (Staccato's own protocol); anything the registry lacks",
    .role = LayerRole::kRaw,
    .fields = kFields,
    .order = 910,
    .tail = &kCodec,
};

const RegisterProtocol kRegisterRaw(kRaw);

}  // namespace

}  // namespace staccato
