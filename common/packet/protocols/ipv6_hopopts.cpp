// IPv6 hop-by-hop options header (RFC 8200, section 4.3): options padded to a multiple of
// 8 bytes automatically (Pad1 or PadN), length automatic.
#include "common/packet/protocols/ipv6_options_format.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {"ipv6.hopopts.nxt", "Next header", 8, FieldFormat::kEnum, "59", kFieldComputed, kIpProtocolNames, 0,
     "automatic from the layer above (59, no next header, when none)", NumberSpace::kIpProtocol},
    {"ipv6.hopopts.len", "Length (8-byte units, minus 1)", 8, FieldFormat::kDec, "0", kFieldComputed | kFieldNoVary,
     {}, 0, "automatic from the options"},
    {"ipv6.hopopts.options", "Options", 0, FieldFormat::kBytes, "", kFieldNoVary, {}, 0,
     "type-length-value options (05020000: router alert, MLD); padded automatically to a multiple of 8 bytes "
     "with Pad1 or PadN"},
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
