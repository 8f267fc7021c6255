// IPv6 fixed header (RFC 8200).
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr size_t kHeaderBytes = 40;

constexpr FieldSpec kFields[] = {
    {"ipv6.version", "Version", 4, FieldFormat::kDec, "6"},
    {"ipv6.tclass.dscp", "DSCP", 6, FieldFormat::kDec, "0"},
    {"ipv6.tclass.ecn", "ECN", 2, FieldFormat::kDec, "0"},
    {"ipv6.flow", "Flow label", 20, FieldFormat::kHex, "0x00000"},
    {"ipv6.plen", "Payload length", 16, FieldFormat::kDec, "0", kFieldComputed, {}, 0, "automatic"},
    {"ipv6.nxt", "Next header", 8, FieldFormat::kEnum, "59", kFieldComputed, kIpProtocolNames, 0,
     "automatic from the layer above (59, no next header, when none)", NumberSpace::kIpProtocol},
    {"ipv6.hlim", "Hop limit", 8, FieldFormat::kDec, "64"},
    {"ipv6.src", "Source address", 128, FieldFormat::kIpv6, "2001:db8::1"},
    {"ipv6.dst", "Destination address", 128, FieldFormat::kIpv6, "2001:db8::2"},
};

constexpr ProtocolNumber kNumbers[] = {
    {NumberSpace::kEtherType, 0x86dd}, {NumberSpace::kIpProtocol, 41}, {NumberSpace::kIpVersion, 6}};
constexpr Binding kBindings[] = {{"icmpv6", "", 0}};  // quoted packet of an ICMPv6 error

void finalize(BuildContext& ctx, size_t layer) {
  ctx.autoLength(layer, "ipv6.plen", ctx.span(layer).offset + kHeaderBytes);
}

constexpr ProtocolSpec kIpv6{
    .name = "ipv6",
    .displayName = "IPv6",
    .summary = "Internet Protocol version 6 fixed header",
    .fields = kFields,
    .order = 310,
    .numbers = kNumbers,
    .bindings = kBindings,
    .demuxField = "ipv6.nxt",
    .quickLayer = QuickLayer::kLayer3,
    .finalize = finalize,
    .lengthField = "ipv6.plen",
    .lengthCountsHeader = false,
};

const RegisterProtocol kRegisterIpv6(kIpv6);

}  // namespace

}  // namespace staccato
