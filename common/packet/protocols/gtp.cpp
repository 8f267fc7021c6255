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
    {"gtp.flags.version", "Version", 3, FieldFormat::kDec, "1", kFieldNoVary, {}, 0, "1: GTPv1"},
    {"gtp.flags.payload", "Protocol type (PT)", 1, FieldFormat::kDec, "1", kFieldNoVary, {}, 0, "1: GTP (0: GTP')"},
    {"gtp.flags.reserved", "Reserved", 1, FieldFormat::kDec, "0"},
    {"gtp.flags.e", "Extension header present (E)", 1, FieldFormat::kFlag, "0", kFieldNoVary, {}, 0,
     "no extension header is built: keep 0"},
    {"gtp.flags.s", "Sequence number present (S)", 1, FieldFormat::kFlag, "0", kFieldComputed | kFieldNoVary, {}, 0,
     "automatic: 1 when gtp.seq_number, gtp.npdu_number or gtp.next is set; the three fields come together"},
    {"gtp.flags.pn", "N-PDU number present (PN)", 1, FieldFormat::kFlag, "0", kFieldComputed | kFieldNoVary, {}, 0,
     "automatic: 1 when gtp.npdu_number is set"},
    {"gtp.message", "Message type", 8, FieldFormat::kEnum, "g-pdu", kFieldNoVary, kMessageTypes},
    {"gtp.length", "Length", 16, FieldFormat::kDec, "0", kFieldComputed, {}, 0,
     "automatic: the bytes after the first 8 (optional fields and the packet inside)"},
    {"gtp.teid", "Tunnel endpoint identifier (TEID)", 32, FieldFormat::kDec, "1"},
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
