// IPv6 destination options header (RFC 8200, section 4.6): options padded to a multiple of
// 8 bytes automatically (Pad1 or PadN), length automatic.
#include "common/packet/protocols/ipv6_options_format.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {"ipv6.dstopts.nxt", "Next header", 8, FieldFormat::kEnum, "59", kFieldComputed, kIpProtocolNames, 0,
     "automatic from the layer above (59, no next header, when none)", NumberSpace::kIpProtocol},
    {"ipv6.dstopts.len", "Length (8-byte units, minus 1)", 8, FieldFormat::kDec, "0", kFieldComputed | kFieldNoVary,
     {}, 0, "automatic from the options"},
    {"ipv6.dstopts.options", "Options", 0, FieldFormat::kBytes, "", kFieldNoVary, {}, 0,
     "type-length-value options (040104: tunnel encapsulation limit 4); padded automatically to a multiple of 8 "
     "bytes with Pad1 or PadN"},
};

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kIpProtocol, 60}};

struct Names {
  static constexpr const char* len = "ipv6.dstopts.len";
  static constexpr const char* options = "ipv6.dstopts.options";
};

constexpr ProtocolSpec kDestinationOptions{
    .name = "ipv6.dstopts",
    .displayName = "IPv6 destination options",
    .shortName = "IPv6 Dst",
    .summary = "IPv6 destination options extension header, padded automatically",
    .fields = kFields,
    .order = 317,
    .numbers = kNumbers,
    .demuxField = "ipv6.dstopts.nxt",
    .finalize = ipv6_options::finalize<Names>,
    .tail = &ipv6_options::kCodec<Names>,
};

const RegisterProtocol kRegisterDestinationOptions(kDestinationOptions);

}  // namespace

}  // namespace staccato
