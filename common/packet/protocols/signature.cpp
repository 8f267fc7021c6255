// The Staccato signature trailer: the last 16 bytes of a tracked frame (before the FCS), so a
// receiver (or an XDP program) finds it at data_end - 16 without parsing headers.
#include "common/packet/protocols/protocols.h"
#include "common/packet/signature_layout.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {"signature.magic", "Magic", 16, FieldFormat::kHex, "0x5a7c", kFieldNoVary, {}, 0,
     "identifies Staccato trailers; receivers ignore frames without it"},
    {"signature.stream_id", "Stream ID", 16, FieldFormat::kDec, "0", kFieldComputed | kFieldNoVary, {}, 0,
     "automatic: the stream's id"},
    {"signature.seq", "Sequence number", 32, FieldFormat::kDec, "0", kFieldComputed | kFieldNoVary, {}, 0,
     "written per packet at send time (per-stream sequence)"},
    {"signature.timestamp", "TX timestamp (ns)", 64, FieldFormat::kDec, "0", kFieldComputed | kFieldNoVary, {}, 0,
     "written per packet at send time (CLOCK_REALTIME ns)"},
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
