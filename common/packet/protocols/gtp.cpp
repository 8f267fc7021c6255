// GTP-U (3GPP TS 29.281) over UDP port 2152: a G-PDU carrying IPv4 or IPv6, its length
// automatic; the sequence number, N-PDU number and next extension header type are present
// while the S flag is 1.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr size_t kMandatoryBytes = 8;

constexpr EnumName kMessageTypes[] = {{1, "echo-request"}, {2, "echo-response"}, {26, "error-indication"},
                                      {254, "end-marker"}, {255, "g-pdu"}};

constexpr FieldSpec kFields[] = {
    {.name = "gtp.flags.version", .label = "Version", .bits = 3, .format = FieldFormat::kDec, .defaultValue = "1",
     .flags = kFieldNoVary, .help = "1: GTPv1"},
    {.name = "gtp.flags.payload", .label = "Protocol type (PT)", .bits = 1, .format = FieldFormat::kDec,
     .defaultValue = "1", .flags = kFieldNoVary, .help = "1: GTP (0: GTP')"},
    {.name = "gtp.flags.reserved", .label = "Reserved", .bits = 1, .format = FieldFormat::kDec, .defaultValue = "0"},
    {.name = "gtp.flags.e", .label = "Extension header present (E)", .bits = 1, .format = FieldFormat::kFlag,
     .defaultValue = "0", .flags = kFieldNoVary, .help = "no extension header is built: keep 0"},
    {.name = "gtp.flags.s", .label = "Sequence number present (S)", .bits = 1, .format = FieldFormat::kFlag,
     .defaultValue = "0", .flags = kFieldComputed | kFieldNoVary,
     .help = "automatic: 1 when gtp.seq_number, gtp.npdu_number or gtp.next is set; the three fields come together"},
    {.name = "gtp.flags.pn", .label = "N-PDU number present (PN)", .bits = 1, .format = FieldFormat::kFlag,
     .defaultValue = "0", .flags = kFieldComputed | kFieldNoVary, .help = "automatic: 1 when gtp.npdu_number is set"},
    {.name = "gtp.message", .label = "Message type", .bits = 8, .format = FieldFormat::kEnum, .defaultValue = "g-pdu",
     .flags = kFieldNoVary, .enums = kMessageTypes},
    {.name = "gtp.length", .label = "Length", .bits = 16, .format = FieldFormat::kDec, .defaultValue = "0",
     .flags = kFieldComputed,
     .help = "automatic: the bytes after the first 8 (optional fields and the packet inside)"},
    {.name = "gtp.teid", .label = "Tunnel endpoint identifier (TEID)", .bits = 32, .format = FieldFormat::kDec,
     .defaultValue = "1"},
    {.name = "gtp.seq_number", .label = "Sequence number", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "0", .presentWhen = "gtp.flags.s"},
    {.name = "gtp.npdu_number", .label = "N-PDU number", .bits = 8, .format = FieldFormat::kHex,
     .defaultValue = "0x00", .presentWhen = "gtp.flags.s"},
    {.name = "gtp.next", .label = "Next extension header type", .bits = 8, .format = FieldFormat::kHex,
     .defaultValue = "0x00", .flags = kFieldNoVary, .help = "0x00: none (no extension header is built)",
     .presentWhen = "gtp.flags.s"},
};

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kUdpPort, 2152}};

void finalize(BuildContext& ctx, size_t layer) {
  if (ctx.layer(layer).isSet("gtp.npdu_number")) ctx.setAuto(layer, "gtp.flags.pn", 1);
  ctx.autoLength(layer, "gtp.length", ctx.span(layer).offset + kMandatoryBytes);
}

constexpr ProtocolSpec kGtp{
    .name = "gtp",
    .displayName = "GTP-U",
    .summary = "GPRS tunnelling protocol, user plane, over UDP 2152: a TEID and an IPv4 or IPv6 packet inside",
    .fields = kFields,
    .order = 520,
    .numbers = kNumbers,
    .nextByFirstNibble = NumberSpace::kIpVersion,
    .finalize = finalize,
};

const RegisterProtocol kRegisterGtp(kGtp);

}  // namespace

}  // namespace staccato
