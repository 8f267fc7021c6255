// ARP for IPv4 over Ethernet (RFC 826).
#include "common/packet/protocols/arp_format.h"

namespace staccato {
namespace {

constexpr auto kFields = arp_format::fields({.opcode = "1",
                                             .senderMac = "02:00:00:00:00:01",
                                             .senderIp = "192.0.2.1",
                                             .targetMac = "00:00:00:00:00:00",
                                             .targetIp = "192.0.2.2"});

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kEtherType, 0x0806}};

constexpr ProtocolSpec kArp{
    .name = "arp",
    .displayName = "ARP",
    .summary = "Address Resolution Protocol for IPv4 over Ethernet",
    .fields = kFields,
    .order = 320,
    .numbers = kNumbers,
    .quickLayer = QuickLayer::kLayer3,
};

const RegisterProtocol kRegisterArp(kArp);

}  // namespace

}  // namespace staccato
