// RARP (RFC 903): ARP's packet on its own EtherType, 0x8035; a host asks for its IPv4 address by
// its MAC address. Wireshark decodes it with its ARP dissector, so its fields are arp.*.
#include "common/packet/protocols/arp_format.h"

namespace staccato {
namespace {

// A request: the sender and target hardware addresses are both the asking host's; the protocol
// addresses are undefined until the reply fills the target's in.
constexpr auto kFields = arp_format::fields({.opcode = "3",
                                             .senderMac = "02:00:00:00:00:01",
                                             .senderIp = "0.0.0.0",
                                             .targetMac = "02:00:00:00:00:01",
                                             .targetIp = "0.0.0.0"});

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kEtherType, 0x8035}};

constexpr ProtocolSpec kRarp{
    .name = "rarp",
    .displayName = "RARP",
    .summary = "Reverse Address Resolution Protocol: ARP's packet on EtherType 0x8035",
    .fields = kFields,
    .order = 321,
    .numbers = kNumbers,
    .wiresharkName = "arp",
};

const RegisterProtocol kRegisterRarp(kRarp);

}  // namespace

}  // namespace staccato
