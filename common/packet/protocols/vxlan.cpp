// VXLAN header (RFC 7348) over UDP port 4789; it always carries an Ethernet frame.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {"vxlan.flags", "Flags", 16, FieldFormat::kHex, "0x0800", kFieldNone, {}, 0,
     "0x0800: I, the VNI is valid; 0x8000: G, group policy (VXLAN-GBP)"},
    {"vxlan.gbp", "Group policy ID", 16, FieldFormat::kDec, "0", kFieldNone, {}, 0,
     "VXLAN-GBP; reserved (0) in RFC 7348"},
    {"vxlan.vni", "VXLAN network identifier (VNI)", 24, FieldFormat::kDec, "1"},
    {"vxlan.reserved8", "Reserved", 8, FieldFormat::kDec, "0"},
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
