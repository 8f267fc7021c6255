// IPv6 destination options header (RFC 8200, section 4.6): options padded to a multiple of
// 8 bytes automatically (Pad1 or PadN), length automatic.
#include "common/packet/protocols/ipv6_options_format.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {.name = "ipv6.dstopts.nxt", .label = "Next header", .bits = 8, .format = FieldFormat::kEnum,
     .defaultValue = "59", .flags = kFieldComputed, .enums = kIpProtocolNames,
     .help = "automatic from the layer above (59, no next header, when none)", .space = NumberSpace::kIpProtocol},
    {.name = "ipv6.dstopts.len", .label = "Length (8-byte units, minus 1)", .bits = 8, .format = FieldFormat::kDec,
     .defaultValue = "0", .flags = kFieldComputed | kFieldNoVary, .help = "automatic from the options"},
    {.name = "ipv6.dstopts.options", .label = "Options", .bits = 0, .format = FieldFormat::kBytes, .defaultValue = "",
     .flags = kFieldNoVary,
     .help = "type-length-value options (040104: tunnel encapsulation limit 4); padded automatically to a multiple of 8 " "bytes with Pad1 or PadN"},
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
