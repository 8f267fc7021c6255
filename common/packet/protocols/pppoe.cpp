// PPPoE session stage (RFC 2516; Wireshark's pppoes, with pppoe fields) on EtherType 0x8864: session ID and automatic payload length;
// PPP sits on it (session data, code 0x00).
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr size_t kHeaderBytes = 6;

constexpr FieldSpec kFields[] = {
    {.name = "pppoe.version", .label = "Version", .bits = 4, .format = FieldFormat::kDec, .defaultValue = "1",
     .flags = kFieldNoVary},
    {.name = "pppoe.type", .label = "Type", .bits = 4, .format = FieldFormat::kDec, .defaultValue = "1",
     .flags = kFieldNoVary},
    {.name = "pppoe.code", .label = "Code", .bits = 8, .format = FieldFormat::kHex, .defaultValue = "0x00",
     .flags = kFieldNoVary, .help = "0x00: session data"},
    {.name = "pppoe.session_id", .label = "Session ID", .bits = 16, .format = FieldFormat::kHex,
     .defaultValue = "0x0001"},
    {.name = "pppoe.payload_length", .label = "Payload length", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "0", .flags = kFieldComputed, .help = "automatic: the PPP frame's bytes"},
};

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kEtherType, 0x8864}};

void finalize(BuildContext& ctx, size_t layer) {
  ctx.autoLength(layer, "pppoe.payload_length", ctx.span(layer).offset + kHeaderBytes);
}

constexpr ProtocolSpec kPppoeSession{
    .name = "pppoe",
    .displayName = "PPPoE session",
    .shortName = "PPPoE",
    .summary = "PPP over Ethernet, session stage: session ID and payload length, carrying PPP",
    .fields = kFields,
    .order = 180,
    .numbers = kNumbers,
    .finalize = finalize,
    .lengthField = "pppoe.payload_length",
    .lengthCountsHeader = false,
};

const RegisterProtocol kRegisterPppoeSession(kPppoeSession);

}  // namespace

}  // namespace staccato
