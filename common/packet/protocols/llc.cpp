// IEEE 802.2 LLC header of an IEEE 802.3 frame (Ethernet's type field is then the length),
// with a SNAP extension (RFC 1042) when both SAPs are 0xaa.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

enum Variant : uint8_t { kSnap = 1 };

constexpr EnumName kSaps[] = {{0x42, "stp"}, {0xaa, "snap"}, {0xfe, "osi"}};

constexpr FieldSpec kFields[] = {
    {"llc.dsap", "DSAP", 8, FieldFormat::kHex, "0xaa", kFieldComputed | kFieldNoVary, kSaps, 0,
     "automatic from the layer above (0x42 for STP); 0xaa adds the SNAP fields"},
    {"llc.ssap", "SSAP", 8, FieldFormat::kHex, "0xaa", kFieldComputed, kSaps, 0, "automatic: llc.dsap"},
    {"llc.control", "Control", 8, FieldFormat::kHex, "0x03", kFieldNoVary, {}, 0,
     "0x03: unnumbered information (UI), the only 1-byte control built"},
    {"llc.oui", "Organization code (OUI)", 24, FieldFormat::kHex, "0x000000", kFieldNone, {}, kSnap,
     "SNAP; 0x000000: llc.type is an EtherType"},
    {"llc.type", "Type (PID)", 16, FieldFormat::kHex, "0x88b5", kFieldComputed, kEtherTypeNames, kSnap,
     "SNAP: EtherType of the layer above; automatic (0x88b5, local experimental, when none)", NumberSpace::kEtherType},
};

constexpr VariantRule kVariants[] = {{0xaa, kSnap}};
// Ethernet's (or a VLAN tag's) type field is the 802.3 length of the LLC frame.
constexpr Binding kBindings[] = {{"eth", "eth.type", 0, 1500}, {"vlan", "vlan.etype", 0, 1500}};

void finalize(BuildContext& ctx, size_t layer) {
  ctx.setAuto(layer, "llc.ssap", ctx.layer(layer).num("llc.dsap"));
}

constexpr ProtocolSpec kLlc{
    .name = "llc",
    .displayName = "LLC (802.3)",
    .shortName = "LLC",
    .summary = "IEEE 802.2 LLC in an IEEE 802.3 length frame, with SNAP (OUI and EtherType) for DSAP 0xaa",
    .fields = kFields,
    .order = 140,
    .bindings = kBindings,
    .demuxField = "llc.type",
    .finalize = finalize,
    .variantField = "llc.dsap",
    .variants = kVariants,
};

const RegisterProtocol kRegisterLlc(kLlc);

}  // namespace

}  // namespace staccato
