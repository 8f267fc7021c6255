// GRE (RFC 2784, RFC 2890): checksum, key and sequence number each present by its own flag,
// which is automatic when the field is set; the protocol type follows the layer above.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {.name = "gre.flags.checksum", .label = "Checksum present (C)", .bits = 1, .format = FieldFormat::kFlag,
     .defaultValue = "0", .flags = kFieldComputed | kFieldNoVary,
     .help = "automatic: 1 when gre.checksum or gre.offset is set; set it to 1 for an automatic checksum"},
    {.name = "gre.flags.routing", .label = "Routing present (R)", .bits = 1, .format = FieldFormat::kFlag,
     .defaultValue = "0", .flags = kFieldNoVary, .help = "reserved in RFC 2784 (no routing field is built)"},
    {.name = "gre.flags.key", .label = "Key present (K)", .bits = 1, .format = FieldFormat::kFlag,
     .defaultValue = "0", .flags = kFieldComputed | kFieldNoVary, .help = "automatic: 1 when gre.key is set"},
    {.name = "gre.flags.sequence_number", .label = "Sequence number present (S)", .bits = 1,
     .format = FieldFormat::kFlag, .defaultValue = "0", .flags = kFieldComputed | kFieldNoVary,
     .help = "automatic: 1 when gre.sequence_number is set"},
    {.name = "gre.flags.strict_source_route", .label = "Strict source route", .bits = 1, .format = FieldFormat::kFlag,
     .defaultValue = "0"},
    {.name = "gre.flags.recursion_control", .label = "Recursion control", .bits = 3, .format = FieldFormat::kDec,
     .defaultValue = "0"},
    {.name = "gre.flags.reserved", .label = "Reserved", .bits = 5, .format = FieldFormat::kDec, .defaultValue = "0"},
    {.name = "gre.flags.version", .label = "Version", .bits = 3, .format = FieldFormat::kDec, .defaultValue = "0",
     .flags = kFieldNoVary, .help = "0 (1 is PPTP's enhanced GRE)"},
    {.name = "gre.proto", .label = "Protocol type", .bits = 16, .format = FieldFormat::kHex, .defaultValue = "0x88b5",
     .flags = kFieldComputed, .enums = kEtherTypeNames,
     .help = "EtherType of the layer above; automatic (0x6558 for Ethernet, 0x88b5, local experimental, when none)",
     .space = NumberSpace::kEtherType},
    {.name = "gre.checksum", .label = "Checksum", .bits = 16, .format = FieldFormat::kHex, .defaultValue = "0x0000",
     .flags = kFieldComputed, .help = "automatic over the GRE header and its payload; set it to send a wrong one",
     .presentWhen = "gre.flags.checksum"},
    {.name = "gre.offset", .label = "Reserved1", .bits = 16, .format = FieldFormat::kHex, .defaultValue = "0x0000",
     .presentWhen = "gre.flags.checksum"},
    {.name = "gre.key", .label = "Key", .bits = 32, .format = FieldFormat::kHex, .defaultValue = "0x00000000",
     .presentWhen = "gre.flags.key"},
    {.name = "gre.sequence_number", .label = "Sequence number", .bits = 32, .format = FieldFormat::kDec,
     .defaultValue = "0", .presentWhen = "gre.flags.sequence_number"},
};

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kIpProtocol, 47}};

void finalize(BuildContext& ctx, size_t layer) {
  if (ctx.layer(layer).num("gre.flags.checksum"))
    ctx.autoChecksum(layer, "gre.checksum", ctx.span(layer).offset, ctx.layersEnd());
}

constexpr ProtocolSpec kGre{
    .name = "gre",
    .displayName = "GRE",
    .summary = "Generic Routing Encapsulation: Ethernet, IPv4, IPv6, MPLS... inside IPv4 or IPv6",
    .fields = kFields,
    .order = 330,
    .numbers = kNumbers,
    .demuxField = "gre.proto",
    .finalize = finalize,
};

const RegisterProtocol kRegisterGre(kGre);

}  // namespace

}  // namespace staccato
