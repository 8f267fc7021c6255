// MPLS label stack entry (RFC 3032, RFC 5462); stack several, the bottom of stack is automatic.
// The bottom label carries IPv4 or IPv6, told apart by their version nibble.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {"mpls.label", "Label", 20, FieldFormat::kDec, "16", kFieldNone, {}, 0,
     "0-15 are reserved (0 = IPv4 explicit null, 2 = IPv6 explicit null)"},
    {"mpls.exp", "Traffic class (TC, formerly EXP)", 3, FieldFormat::kDec, "0"},
    {"mpls.bottom", "Bottom of stack", 1, FieldFormat::kFlag, "1", kFieldComputed, {}, 0,
     "automatic: 0 when another label follows"},
    {"mpls.ttl", "Time to live", 8, FieldFormat::kDec, "64"},
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
