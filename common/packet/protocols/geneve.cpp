// Geneve (RFC 8926) over UDP port 6081: options length automatic, the protocol type follows
// the layer above (0x6558 for an Ethernet frame).
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {"geneve.version", "Version", 2, FieldFormat::kDec, "0", kFieldNoVary},
    {"geneve.opt_len", "Options length (4-byte units)", 6, FieldFormat::kDec, "0", kFieldComputed | kFieldNoVary, {},
     0, "automatic from geneve.options"},
    {"geneve.flags.oam", "OAM (O)", 1, FieldFormat::kFlag, "0"},
    {"geneve.flags.critical", "Critical options present (C)", 1, FieldFormat::kFlag, "0"},
    {"geneve.flags.reserved", "Reserved", 6, FieldFormat::kDec, "0"},
    {"geneve.proto_type", "Protocol type", 16, FieldFormat::kHex, "0x88b5", kFieldComputed, kEtherTypeNames, 0,
     "EtherType of the layer above; automatic (0x6558 for Ethernet, 0x88b5, local experimental, when none)",
     NumberSpace::kEtherType},
    {"geneve.vni", "Virtual network identifier (VNI)", 24, FieldFormat::kDec, "1"},
    {"geneve.reserved", "Reserved", 8, FieldFormat::kHex, "0x00"},
    {"geneve.options", "Options", 0, FieldFormat::kBytes, "", kFieldNoVary, {}, 0,
     "class (2 bytes), type, length in 4-byte units (5 bits) and data, each a multiple of 4 bytes "
     "(0102010100000005: class 0x0102, type 1, 4 bytes of data)"},
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
