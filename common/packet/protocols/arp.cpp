// ARP for IPv4 over Ethernet (RFC 826).
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr EnumName kOpcodes[] = {{1, "request"}, {2, "reply"}, {3, "rarp-request"}, {4, "rarp-reply"}};
constexpr EnumName kHwTypes[] = {{1, "ethernet"}};

constexpr FieldSpec kFields[] = {
    {"arp.hw.type", "Hardware type", 16, FieldFormat::kEnum, "1", kFieldNone, kHwTypes},
    {"arp.proto.type", "Protocol type", 16, FieldFormat::kHex, "0x0800", kFieldNone, kEtherTypeNames, 0, {},
     NumberSpace::kEtherType},
    {"arp.hw.size", "Hardware size", 8, FieldFormat::kDec, "6"},
    {"arp.proto.size", "Protocol size", 8, FieldFormat::kDec, "4"},
    {"arp.opcode", "Opcode", 16, FieldFormat::kEnum, "1", kFieldNone, kOpcodes},
    {"arp.src.hw_mac", "Sender MAC address", 48, FieldFormat::kMac, "02:00:00:00:00:01"},
    {"arp.src.proto_ipv4", "Sender IP address", 32, FieldFormat::kIpv4, "192.0.2.1"},
    {"arp.dst.hw_mac", "Target MAC address", 48, FieldFormat::kMac, "00:00:00:00:00:00"},
    {"arp.dst.proto_ipv4", "Target IP address", 32, FieldFormat::kIpv4, "192.0.2.2"},
};

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
