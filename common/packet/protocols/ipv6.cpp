// IPv6 fixed header (RFC 8200).
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr size_t kHeaderBytes = 40;

constexpr FieldSpec kFields[] = {
    {.name = "ipv6.version", .label = "Version", .bits = 4, .format = FieldFormat::kDec, .defaultValue = "6"},
    {.name = "ipv6.tclass.dscp", .label = "DSCP", .bits = 6, .format = FieldFormat::kDec, .defaultValue = "0"},
    {.name = "ipv6.tclass.ecn", .label = "ECN", .bits = 2, .format = FieldFormat::kDec, .defaultValue = "0"},
    {.name = "ipv6.flow", .label = "Flow label", .bits = 20, .format = FieldFormat::kHex, .defaultValue = "0x00000"},
    {.name = "ipv6.plen", .label = "Payload length", .bits = 16, .format = FieldFormat::kDec, .defaultValue = "0",
     .flags = kFieldComputed, .help = "automatic"},
    {.name = "ipv6.nxt", .label = "Next header", .bits = 8, .format = FieldFormat::kEnum, .defaultValue = "59",
     .flags = kFieldComputed, .enums = kIpProtocolNames,
     .help = "automatic from the layer above (59, no next header, when none)", .space = NumberSpace::kIpProtocol},
    {.name = "ipv6.hlim", .label = "Hop limit", .bits = 8, .format = FieldFormat::kDec, .defaultValue = "64"},
    {.name = "ipv6.src", .label = "Source address", .bits = 128, .format = FieldFormat::kIpv6,
     .defaultValue = "2001:db8::1"},
    {.name = "ipv6.dst", .label = "Destination address", .bits = 128, .format = FieldFormat::kIpv6,
     .defaultValue = "2001:db8::2"},
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
