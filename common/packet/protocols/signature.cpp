// The Staccato signature trailer: the last 16 bytes of a tracked frame (before the FCS), so a
// receiver (or an XDP program) finds it at data_end - 16 without parsing headers.
#include "common/packet/protocols/protocols.h"
#include "common/packet/signature_layout.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {.name = "signature.magic", .label = "Magic", .bits = 16, .format = FieldFormat::kHex, .defaultValue = "0x5a7c",
     .flags = kFieldNoVary, .help = "identifies Staccato trailers; receivers ignore frames without it"},
    {.name = "signature.stream_id", .label = "Stream ID", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "0", .flags = kFieldComputed | kFieldNoVary, .help = "automatic: the stream's id"},
    {.name = "signature.seq", .label = "Sequence number", .bits = 32, .format = FieldFormat::kDec,
     .defaultValue = "0", .flags = kFieldComputed | kFieldNoVary,
     .help = "written per packet at send time (per-stream sequence)"},
    {.name = "signature.timestamp", .label = "TX timestamp (ns)", .bits = 64, .format = FieldFormat::kDec,
     .defaultValue = "0", .flags = kFieldComputed | kFieldNoVary,
     .help = "written per packet at send time (CLOCK_REALTIME ns)"},
};

void finalize(BuildContext& ctx, size_t layer) {
  ctx.setAuto(layer, "signature.stream_id", ctx.streamId());
}

static_assert(kSignatureBytes == 16);

constexpr ProtocolSpec kSignature{
    .name = "signature",
    .displayName = "Staccato signature",
    .shortName = "Signature",
    .summary = "Trailer for per-stream stats: magic, stream id, sequence, 64-bit TX timestamp (16 bytes)",
    .role = LayerRole::kTrailer,
    .fields = kFields,
    .order = 920,
    .finalize = finalize,
};

const RegisterProtocol kRegisterSignature(kSignature);

}  // namespace

}  // namespace staccato
