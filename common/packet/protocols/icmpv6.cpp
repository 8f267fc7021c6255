// ICMPv6 (RFC 4443): echo, errors, and neighbour solicitation/advertisement (RFC 4861) with a
// link-layer address option.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr uint8_t kProtocolNumber = 58;
enum Variant : uint8_t { kEcho = 1, kSolicit = 2, kAdvert = 4, kOther = 8, kTooBig = 16, kParam = 32 };

constexpr EnumName kTypes[] = {
    {1, "destination-unreachable"}, {2, "packet-too-big"}, {3, "time-exceeded"}, {4, "parameter-problem"},
    {128, "echo-request"},          {129, "echo-reply"},   {135, "neighbor-solicitation"},
    {136, "neighbor-advertisement"},
};

constexpr VariantRule kVariants[] = {{128, kEcho}, {129, kEcho}, {135, kSolicit}, {136, kAdvert},
                                     {2, kTooBig},  {4, kParam}};

constexpr FieldSpec kFields[] = {
    {"icmpv6.type", "Type", 8, FieldFormat::kEnum, "echo-request", kFieldNoVary, kTypes},
    {"icmpv6.code", "Code", 8, FieldFormat::kDec, "0"},
    {"icmpv6.checksum", "Checksum", 16, FieldFormat::kHex, "0x0000", kFieldComputed, {}, 0,
     "automatic (with the IPv6 pseudo-header); set it to send a wrong one"},
    {"icmpv6.echo.identifier", "Identifier", 16, FieldFormat::kDec, "0", kFieldNone, {}, kEcho},
    {"icmpv6.echo.sequence_number", "Sequence", 16, FieldFormat::kDec, "0", kFieldNone, {}, kEcho},
    {"icmpv6.mtu", "MTU", 32, FieldFormat::kDec, "1280", kFieldNone, {}, kTooBig},
    {"icmpv6.pointer", "Pointer", 32, FieldFormat::kDec, "0", kFieldNone, {}, kParam},
    {"icmpv6.reserved", "Reserved", 32, FieldFormat::kHex, "0x00000000", kFieldNone, {}, kSolicit | kOther},
    {"icmpv6.nd.na.flag.r", "Router flag", 1, FieldFormat::kFlag, "0", kFieldNone, {}, kAdvert},
    {"icmpv6.nd.na.flag.s", "Solicited flag", 1, FieldFormat::kFlag, "1", kFieldNone, {}, kAdvert},
    {"icmpv6.nd.na.flag.o", "Override flag", 1, FieldFormat::kFlag, "1", kFieldNone, {}, kAdvert},
    {"icmpv6.nd.na.flag.rsv", "Reserved", 29, FieldFormat::kHex, "0x00000000", kFieldNone, {}, kAdvert},
    {"icmpv6.nd.ns.target_address", "Target address", 128, FieldFormat::kIpv6, "2001:db8::2", kFieldNone, {}, kSolicit},
    {"icmpv6.nd.na.target_address", "Target address", 128, FieldFormat::kIpv6, "2001:db8::1", kFieldNone, {}, kAdvert},
    {"icmpv6.opt.type", "Option type", 8, FieldFormat::kDec, "1", kFieldComputed, {}, kSolicit | kAdvert,
     "automatic: 1 (source link-layer address) for NS, 2 (target) for NA"},
    {"icmpv6.opt.length", "Option length (8-byte units)", 8, FieldFormat::kDec, "1", kFieldNone, {}, kSolicit | kAdvert},
    {"icmpv6.opt.linkaddr", "Link-layer address", 48, FieldFormat::kMac, "02:00:00:00:00:01", kFieldNone, {},
     kSolicit | kAdvert},
};

constexpr Binding kBindings[] = {{"ipv6", "ipv6.nxt", kProtocolNumber}};

void finalize(BuildContext& ctx, size_t layer) {
  const uint64_t type = ctx.layer(layer).num("icmpv6.type");
  if (type == 135 || type == 136) ctx.setAuto(layer, "icmpv6.opt.type", type == 135 ? 1 : 2);
  ctx.autoChecksum(layer, "icmpv6.checksum", ctx.span(layer).offset, ctx.layersEnd(),
                   ctx.pseudoHeaderFor(layer, kProtocolNumber));
}

constexpr ProtocolSpec kIcmpv6{
    .name = "icmpv6",
    .displayName = "ICMPv6",
    .summary = "Internet Control Message Protocol for IPv6: echo, errors, neighbour solicitation/advertisement",
    .fields = kFields,
    .order = 430,
    .bindings = kBindings,
    .quickLayer = QuickLayer::kLayer4,
    .finalize = finalize,
    .variantField = "icmpv6.type",
    .variants = kVariants,
    .defaultVariant = kOther,
};

const RegisterProtocol kRegisterIcmpv6(kIcmpv6);

}  // namespace

}  // namespace staccato
