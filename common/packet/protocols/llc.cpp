// IEEE 802.2 LLC header of an IEEE 802.3 frame (Ethernet's type field is then the length),
// with a SNAP extension (RFC 1042) when both SAPs are 0xaa.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

enum Variant : uint8_t { kSnap = 1 };

constexpr EnumName kSaps[] = {{0x42, "stp"}, {0xaa, "snap"}, {0xfe, "osi"}};

constexpr FieldSpec kFields[] = {
    {.name = "llc.dsap", .label = "DSAP", .bits = 8, .format = FieldFormat::kHex, .defaultValue = "0xaa",
     .flags = kFieldComputed | kFieldNoVary, .enums = kSaps,
     .help = "automatic from the layer above (0x42 for STP); 0xaa adds the SNAP fields"},
    {.name = "llc.ssap", .label = "SSAP", .bits = 8, .format = FieldFormat::kHex, .defaultValue = "0xaa",
     .flags = kFieldComputed, .enums = kSaps, .help = "automatic: llc.dsap"},
    {.name = "llc.control", .label = "Control", .bits = 8, .format = FieldFormat::kHex, .defaultValue = "0x03",
     .flags = kFieldNoVary, .help = "0x03: unnumbered information (UI), the only 1-byte control built"},
    {.name = "llc.oui", .label = "Organization code (OUI)", .bits = 24, .format = FieldFormat::kHex,
     .defaultValue = "0x000000", .variants = kSnap, .help = "SNAP; 0x000000: llc.type is an EtherType"},
    {.name = "llc.type", .label = "Type (PID)", .bits = 16, .format = FieldFormat::kHex, .defaultValue = "0x88b5",
     .flags = kFieldComputed, .enums = kEtherTypeNames, .variants = kSnap,
     .help = "SNAP: EtherType of the layer above; automatic (0x88b5, local experimental, when none)",
     .space = NumberSpace::kEtherType},
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
