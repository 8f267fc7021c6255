// IPv6 fragment header (RFC 8200, section 4.5).
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {.name = "ipv6.fraghdr.nxt", .label = "Next header", .bits = 8, .format = FieldFormat::kEnum,
     .defaultValue = "59", .flags = kFieldComputed, .enums = kIpProtocolNames,
     .help = "automatic from the layer above (59, no next header, when none)", .space = NumberSpace::kIpProtocol},
    {.name = "ipv6.fraghdr.reserved_octet", .label = "Reserved", .bits = 8, .format = FieldFormat::kHex,
     .defaultValue = "0x00"},
    {.name = "ipv6.fraghdr.offset", .label = "Fragment offset (8-byte units)", .bits = 13,
     .format = FieldFormat::kDec, .defaultValue = "0"},
    {.name = "ipv6.fraghdr.reserved_bits", .label = "Reserved bits", .bits = 2, .format = FieldFormat::kDec,
     .defaultValue = "0"},
    {.name = "ipv6.fraghdr.more", .label = "More fragments", .bits = 1, .format = FieldFormat::kFlag,
     .defaultValue = "0"},
    {.name = "ipv6.fraghdr.ident", .label = "Identification", .bits = 32, .format = FieldFormat::kHex,
     .defaultValue = "0x00000000"},
};

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kIpProtocol, 44}};

constexpr ProtocolSpec kFragmentHeader{
    .name = "ipv6.fraghdr",
    .displayName = "IPv6 fragment header",
    .shortName = "IPv6 Frag",
    .summary = "IPv6 fragment extension header: offset, more-fragments flag, identification",
    .fields = kFields,
    .order = 315,
    .numbers = kNumbers,
    .demuxField = "ipv6.fraghdr.nxt",
};

const RegisterProtocol kRegisterFragmentHeader(kFragmentHeader);

}  // namespace

}  // namespace staccato
