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
    {.name = "icmp.type", .label = "Type", .bits = 8, .format = FieldFormat::kEnum, .defaultValue = "echo-request",
     .flags = kFieldNoVary, .enums = kTypes},
    {.name = "icmp.code", .label = "Code", .bits = 8, .format = FieldFormat::kDec, .defaultValue = "0"},
    {.name = "icmp.checksum", .label = "Checksum", .bits = 16, .format = FieldFormat::kHex, .defaultValue = "0x0000",
     .flags = kFieldComputed, .help = "automatic over the ICMP message; set it to send a wrong one"},
    {.name = "icmp.ident", .label = "Identifier", .bits = 16, .format = FieldFormat::kDec, .defaultValue = "0",
     .variants = kEcho, .help = "echo, timestamp, address mask"},
    {.name = "icmp.seq", .label = "Sequence number", .bits = 16, .format = FieldFormat::kDec, .defaultValue = "0",
     .variants = kEcho, .help = "echo, timestamp, address mask"},
    {.name = "icmp.unused", .label = "Unused", .bits = 8, .format = FieldFormat::kHex, .defaultValue = "0x00",
     .variants = kUnreachable, .help = "destination unreachable"},
    {.name = "icmp.length", .label = "Original datagram length (32-bit words)", .bits = 8,
     .format = FieldFormat::kDec, .defaultValue = "0", .variants = kUnreachable,
     .help = "RFC 4884; 0 when the message has no extensions"},
    {.name = "icmp.mtu", .label = "Next-hop MTU", .bits = 16, .format = FieldFormat::kDec, .defaultValue = "0",
     .variants = kUnreachable, .help = "destination unreachable, code 4 (fragmentation needed)"},
    {.name = "icmp.redir_gw", .label = "Gateway address", .bits = 32, .format = FieldFormat::kIpv4,
     .defaultValue = "0.0.0.0", .variants = kRedirect, .help = "redirect"},
    {.name = "icmp.rest", .label = "Rest of header", .bits = 32, .format = FieldFormat::kHex,
     .defaultValue = "0x00000000", .variants = kOther,
     .help = "the 4 bytes after the checksum for other types (Staccato's name)"},
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
