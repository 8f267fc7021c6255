// MPLS label stack entry (RFC 3032, RFC 5462); stack several, the bottom of stack is automatic.
// The bottom label carries IPv4 or IPv6, told apart by their version nibble.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {.name = "mpls.label", .label = "Label", .bits = 20, .format = FieldFormat::kDec, .defaultValue = "16",
     .help = "0-15 are reserved (0 = IPv4 explicit null, 2 = IPv6 explicit null)"},
    {.name = "mpls.exp", .label = "Traffic class (TC, formerly EXP)", .bits = 3, .format = FieldFormat::kDec,
     .defaultValue = "0"},
    {.name = "mpls.bottom", .label = "Bottom of stack", .bits = 1, .format = FieldFormat::kFlag, .defaultValue = "1",
     .flags = kFieldComputed, .help = "automatic: 0 when another label follows"},
    {.name = "mpls.ttl", .label = "Time to live", .bits = 8, .format = FieldFormat::kDec, .defaultValue = "64"},
};

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kEtherType, 0x8847}};
constexpr Binding kBindings[] = {{"mpls", "mpls.bottom", 0}};  // the next entry of the stack

constexpr ProtocolSpec kMpls{
    .name = "mpls",
    .displayName = "MPLS",
    .summary = "MPLS label stack entry: label, traffic class, bottom of stack (automatic), TTL",
    .fields = kFields,
    .order = 130,
    .numbers = kNumbers,
    .bindings = kBindings,
    .nextByFirstNibble = NumberSpace::kIpVersion,
};

const RegisterProtocol kRegisterMpls(kMpls);

}  // namespace

}  // namespace staccato
