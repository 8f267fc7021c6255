// VXLAN header (RFC 7348) over UDP port 4789; it always carries an Ethernet frame.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {.name = "vxlan.flags", .label = "Flags", .bits = 16, .format = FieldFormat::kHex, .defaultValue = "0x0800",
     .help = "0x0800: I, the VNI is valid; 0x8000: G, group policy (VXLAN-GBP)"},
    {.name = "vxlan.gbp", .label = "Group policy ID", .bits = 16, .format = FieldFormat::kDec, .defaultValue = "0",
     .help = "VXLAN-GBP; reserved (0) in RFC 7348"},
    {.name = "vxlan.vni", .label = "VXLAN network identifier (VNI)", .bits = 24, .format = FieldFormat::kDec,
     .defaultValue = "1"},
    {.name = "vxlan.reserved8", .label = "Reserved", .bits = 8, .format = FieldFormat::kDec, .defaultValue = "0"},
};

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kUdpPort, 4789}};

constexpr ProtocolSpec kVxlan{
    .name = "vxlan",
    .displayName = "VXLAN",
    .summary = "Virtual eXtensible LAN header over UDP 4789, carrying an Ethernet frame",
    .fields = kFields,
    .order = 500,
    .numbers = kNumbers,
    .carries = "eth",
};

const RegisterProtocol kRegisterVxlan(kVxlan);

}  // namespace

}  // namespace staccato
