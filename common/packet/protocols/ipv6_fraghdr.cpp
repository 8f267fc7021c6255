// IPv6 fragment header (RFC 8200, section 4.5).
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {"ipv6.fraghdr.nxt", "Next header", 8, FieldFormat::kEnum, "59", kFieldComputed, kIpProtocolNames, 0,
     "automatic from the layer above (59, no next header, when none)", NumberSpace::kIpProtocol},
    {"ipv6.fraghdr.reserved_octet", "Reserved", 8, FieldFormat::kHex, "0x00"},
    {"ipv6.fraghdr.offset", "Fragment offset (8-byte units)", 13, FieldFormat::kDec, "0"},
    {"ipv6.fraghdr.reserved_bits", "Reserved bits", 2, FieldFormat::kDec, "0"},
    {"ipv6.fraghdr.more", "More fragments", 1, FieldFormat::kFlag, "0"},
    {"ipv6.fraghdr.ident", "Identification", 32, FieldFormat::kHex, "0x00000000"},
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
