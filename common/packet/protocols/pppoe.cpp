// PPPoE session stage (RFC 2516; Wireshark's pppoes, with pppoe fields) on EtherType 0x8864: session ID and automatic payload length;
// PPP sits on it (session data, code 0x00).
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr size_t kHeaderBytes = 6;

constexpr FieldSpec kFields[] = {
    {"pppoe.version", "Version", 4, FieldFormat::kDec, "1", kFieldNoVary},
    {"pppoe.type", "Type", 4, FieldFormat::kDec, "1", kFieldNoVary},
    {"pppoe.code", "Code", 8, FieldFormat::kHex, "0x00", kFieldNoVary, {}, 0, "0x00: session data"},
    {"pppoe.session_id", "Session ID", 16, FieldFormat::kHex, "0x0001"},
    {"pppoe.payload_length", "Payload length", 16, FieldFormat::kDec, "0", kFieldComputed, {}, 0,
     "automatic: the PPP frame's bytes"},
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
