// ICMPv4 (RFC 792): echo and the common error/informational types.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

enum Variant : uint8_t { kEcho = 1, kUnreachable = 2, kRedirect = 4, kOther = 8 };

constexpr EnumName kTypes[] = {
    {0, "echo-reply"},     {3, "destination-unreachable"}, {4, "source-quench"}, {5, "redirect"},
    {8, "echo-request"},   {11, "time-exceeded"},          {12, "parameter-problem"},
    {13, "timestamp"},     {14, "timestamp-reply"},        {17, "address-mask-request"},
    {18, "address-mask-reply"},
};

constexpr VariantRule kVariants[] = {
    {0, kEcho}, {8, kEcho}, {13, kEcho}, {14, kEcho}, {15, kEcho}, {16, kEcho}, {17, kEcho}, {18, kEcho},
    {3, kUnreachable}, {5, kRedirect},
};

constexpr FieldSpec kFields[] = {
    {"icmp.type", "Type", 8, FieldFormat::kEnum, "echo-request", kFieldNoVary, kTypes},
    {"icmp.code", "Code", 8, FieldFormat::kDec, "0"},
    {"icmp.checksum", "Checksum", 16, FieldFormat::kHex, "0x0000", kFieldComputed, {}, 0,
     "automatic over the ICMP message; set it to send a wrong one"},
    {"icmp.ident", "Identifier", 16, FieldFormat::kDec, "0", kFieldNone, {}, kEcho, "echo, timestamp, address mask"},
    {"icmp.seq", "Sequence number", 16, FieldFormat::kDec, "0", kFieldNone, {}, kEcho, "echo, timestamp, address mask"},
    {"icmp.unused", "Unused", 8, FieldFormat::kHex, "0x00", kFieldNone, {}, kUnreachable, "destination unreachable"},
    {"icmp.length", "Original datagram length (32-bit words)", 8, FieldFormat::kDec, "0", kFieldNone, {}, kUnreachable,
     "RFC 4884; 0 when the message has no extensions"},
    {"icmp.mtu", "Next-hop MTU", 16, FieldFormat::kDec, "0", kFieldNone, {}, kUnreachable,
     "destination unreachable, code 4 (fragmentation needed)"},
    {"icmp.redir_gw", "Gateway address", 32, FieldFormat::kIpv4, "0.0.0.0", kFieldNone, {}, kRedirect, "redirect"},
    {"icmp.rest", "Rest of header", 32, FieldFormat::kHex, "0x00000000", kFieldNone, {}, kOther,
     "the 4 bytes after the checksum for other types (Staccato's name)"},
};

constexpr Binding kBindings[] = {{"ip", "ip.proto", 1}};

void finalize(BuildContext& ctx, size_t layer) {
  ctx.autoChecksum(layer, "icmp.checksum", ctx.span(layer).offset, ctx.layersEnd());
}

constexpr ProtocolSpec kIcmp{
    .name = "icmp",
    .displayName = "ICMP",
    .summary = "Internet Control Message Protocol for IPv4; follow with payload, or ip + udp for a quoted datagram",
    .fields = kFields,
    .order = 420,
    .bindings = kBindings,
    .quickLayer = QuickLayer::kLayer4,
    .finalize = finalize,
    .variantField = "icmp.type",
    .variants = kVariants,
    .defaultVariant = kOther,
};

const RegisterProtocol kRegisterIcmp(kIcmp);

}  // namespace

}  // namespace staccato
