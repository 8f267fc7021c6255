// Geneve (RFC 8926) over UDP port 6081: options length automatic, the protocol type follows
// the layer above (0x6558 for an Ethernet frame).
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {.name = "geneve.version", .label = "Version", .bits = 2, .format = FieldFormat::kDec, .defaultValue = "0",
     .flags = kFieldNoVary},
    {.name = "geneve.opt_len", .label = "Options length (4-byte units)", .bits = 6, .format = FieldFormat::kDec,
     .defaultValue = "0", .flags = kFieldComputed | kFieldNoVary, .help = "automatic from geneve.options"},
    {.name = "geneve.flags.oam", .label = "OAM (O)", .bits = 1, .format = FieldFormat::kFlag, .defaultValue = "0"},
    {.name = "geneve.flags.critical", .label = "Critical options present (C)", .bits = 1,
     .format = FieldFormat::kFlag, .defaultValue = "0"},
    {.name = "geneve.flags.reserved", .label = "Reserved", .bits = 6, .format = FieldFormat::kDec,
     .defaultValue = "0"},
    {.name = "geneve.proto_type", .label = "Protocol type", .bits = 16, .format = FieldFormat::kHex,
     .defaultValue = "0x88b5", .flags = kFieldComputed, .enums = kEtherTypeNames,
     .help = "EtherType of the layer above; automatic (0x6558 for Ethernet, 0x88b5, local experimental, when none)",
     .space = NumberSpace::kEtherType},
    {.name = "geneve.vni", .label = "Virtual network identifier (VNI)", .bits = 24, .format = FieldFormat::kDec,
     .defaultValue = "1"},
    {.name = "geneve.reserved", .label = "Reserved", .bits = 8, .format = FieldFormat::kHex, .defaultValue = "0x00"},
    {.name = "geneve.options", .label = "Options", .bits = 0, .format = FieldFormat::kBytes, .defaultValue = "",
     .flags = kFieldNoVary,
     .help = "class (2 bytes), type, length in 4-byte units (5 bits) and data, each a multiple of 4 bytes " "(0102010100000005: class 0x0102, type 1, 4 bytes of data)"},
};

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kUdpPort, 6081}};

void encodeOptions(const LayerState& l, std::vector<uint8_t>& out) {
  const auto& o = l.value("geneve.options").bytes;
  out.insert(out.end(), o.begin(), o.end());
}

std::optional<size_t> optionsWireSize(const LayerState& l) { return l.num("geneve.opt_len") * 4; }

void decodeOptions(std::span<const uint8_t> tail, LayerState& l) {
  if (!tail.empty()) l.set("geneve.options", {0, {tail.begin(), tail.end()}});
}

constexpr TailCodec kOptions{encodeOptions, optionsWireSize, decodeOptions};

Status validate(const LayerState& l) {
  if (size_t n = l.value("geneve.options").bytes.size(); n % 4 != 0 || n > 252)
    return makeError("geneve.options", std::to_string(n) + " bytes; options fill 4-byte units, at most 252 bytes");
  return Ok{};
}

void finalize(BuildContext& ctx, size_t layer) {
  ctx.setAuto(layer, "geneve.opt_len", ctx.layer(layer).value("geneve.options").bytes.size() / 4);
}

constexpr ProtocolSpec kGeneve{
    .name = "geneve",
    .displayName = "Geneve",
    .summary = "Generic Network Virtualization Encapsulation over UDP 6081: VNI, options, an Ethernet frame or IP inside",
    .fields = kFields,
    .order = 510,
    .numbers = kNumbers,
    .demuxField = "geneve.proto_type",
    .finalize = finalize,
    .tail = &kOptions,
    .validate = validate,
};

const RegisterProtocol kRegisterGeneve(kGeneve);

}  // namespace

}  // namespace staccato
