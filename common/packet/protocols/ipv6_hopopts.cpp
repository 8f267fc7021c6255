// IPv6 hop-by-hop options header (RFC 8200, section 4.3): options padded to a multiple of
// 8 bytes automatically (Pad1 or PadN), length automatic.
#include "common/packet/protocols/ipv6_options_format.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {.name = "ipv6.hopopts.nxt", .label = "Next header", .bits = 8, .format = FieldFormat::kEnum,
     .defaultValue = "59", .flags = kFieldComputed, .enums = kIpProtocolNames,
     .help = "automatic from the layer above (59, no next header, when none)", .space = NumberSpace::kIpProtocol},
    {.name = "ipv6.hopopts.len", .label = "Length (8-byte units, minus 1)", .bits = 8, .format = FieldFormat::kDec,
     .defaultValue = "0", .flags = kFieldComputed | kFieldNoVary, .help = "automatic from the options"},
    {.name = "ipv6.hopopts.options", .label = "Options", .bits = 0, .format = FieldFormat::kBytes, .defaultValue = "",
     .flags = kFieldNoVary,
     .help = "type-length-value options (05020000: router alert, MLD); padded automatically to a multiple of 8 bytes " "with Pad1 or PadN"},
};

// Only right after the IPv6 header (IP protocol 0 names it there).
constexpr Binding kBindings[] = {{"ipv6", "ipv6.nxt", 0}};

struct Names {
  static constexpr const char* len = "ipv6.hopopts.len";
  static constexpr const char* options = "ipv6.hopopts.options";
};

constexpr ProtocolSpec kHopByHop{
    .name = "ipv6.hopopts",
    .displayName = "IPv6 hop-by-hop options",
    .shortName = "IPv6 HBH",
    .summary = "IPv6 hop-by-hop options extension header, padded automatically",
    .fields = kFields,
    .order = 312,
    .bindings = kBindings,
    .demuxField = "ipv6.hopopts.nxt",
    .finalize = ipv6_options::finalize<Names>,
    .tail = &ipv6_options::kCodec<Names>,
};

const RegisterProtocol kRegisterHopByHop(kHopByHop);

}  // namespace

}  // namespace staccato
