#include "common/stream/compiler.h"

#include <algorithm>
#include <set>

#include "common/core/bits.h"
#include "common/core/checksum.h"
#include "common/packet/builder.h"
#include "common/packet/field_text.h"
#include "common/packet/signature_layout.h"
#include "common/stream/frame_length.h"
#include "common/stream/known_enums.h"
#include "common/stream/link_fill.h"
#include "common/stream/patch_program.h"
#include "common/stream/rate.h"
#include "common/stream/replay.h"
#include "common/stream/variable_fields.h"

namespace staccato {
namespace {

constexpr uint32_t kMaxTrackedStreamId = 0xffff;

struct ByteRange {
  size_t begin, end;
};

/// Ranges of `dynamic` that overlap [refBegin, refEnd), widened to even offsets from refBegin,
/// clipped, and merged so no byte is summed twice.
std::vector<ByteRange> alignedOverlaps(const std::vector<ByteRange>& dynamic, size_t refBegin, size_t refEnd) {
  std::vector<ByteRange> out;
  for (const ByteRange& r : dynamic) {
    if (r.end <= refBegin || r.begin >= refEnd) continue;
    size_t b = std::max(r.begin, refBegin);
    b = refBegin + ((b - refBegin) & ~size_t{1});
    size_t e = std::min(r.end, refEnd);
    out.push_back({b, e});
  }
  std::sort(out.begin(), out.end(), [](auto& a, auto& b) { return a.begin < b.begin; });
  std::vector<ByteRange> merged;
  for (const ByteRange& r : out) {
    if (!merged.empty() && r.begin <= merged.back().end)
      merged.back().end = std::max(merged.back().end, r.end);
    else
      merged.push_back(r);
  }
  // A merged range may end at an odd offset followed by another range's even start: fine.
  return merged;
}

bool overlapsAny(const std::vector<ByteRange>& dynamic, size_t begin, size_t end) {
  return std::any_of(dynamic.begin(), dynamic.end(), [&](const ByteRange& r) { return r.begin < end && r.end > begin; });
}

/// CRC32c is recomputed over its region whenever a byte of it changes (it has no incremental
/// form); its region ends with the frame when the length moves.
void planCrc32c(const ChecksumInfo& c, bool lengthMoves, std::vector<ByteRange>& dynamic, TxPlan& plan) {
  const bool movesWithFrame = lengthMoves && c.toLayersEnd;
  if (!movesWithFrame && !overlapsAny(dynamic, c.regionStart, c.regionEnd)) return;  // the template's is right
  PatchOp op{PatchOpKind::kCrc32c};
  op.csumOffset = c.fieldOffset;
  op.regionStart = c.regionStart;
  op.regionEnd = movesWithFrame ? 0 : c.regionEnd;
  plan.ops.push_back(op);
  dynamic.push_back({c.fieldOffset, c.fieldOffset + 4u});  // outer checksums see it change
}

void planChecksums(const BuiltFrame& built, bool lengthMoves, std::vector<ByteRange> dynamic, TxPlan& plan) {
  std::vector<uint8_t> scratch = built.bytes;
  for (const ChecksumInfo& c : built.checksums) {
    if (c.kind == ChecksumKind::kCrc32c) {
      planCrc32c(c, lengthMoves, dynamic, plan);
      continue;
    }
    PatchOp op{PatchOpKind::kChecksumFull};
    op.csumOffset = c.fieldOffset;
    op.regionStart = c.regionStart;
    op.zeroAsOnes = c.zeroAsOnes;
    op.pseudo = c.pseudo;
    if (!(lengthMoves && c.toLayersEnd)) {
      std::vector<ByteRange> ranges = alignedOverlaps(dynamic, c.regionStart, c.regionEnd);
      if (c.pseudo.kind != PseudoHeader::kNone) {
        for (size_t address : {c.pseudo.srcOffset, c.pseudo.dstOffset}) {
          auto p = alignedOverlaps(dynamic, address, address + c.pseudo.addrLen);
          ranges.insert(ranges.end(), p.begin(), p.end());
        }
      }
      if (ranges.empty()) continue;  // nothing it covers ever changes
      op.kind = PatchOpKind::kChecksumDelta;
      op.rangeFirst = static_cast<uint16_t>(plan.ranges.size());
      op.rangeCount = static_cast<uint16_t>(ranges.size());
      storeBe16(scratch.data() + c.fieldOffset, 0);
      uint64_t oldSum = 0;
      for (const ByteRange& r : ranges) {
        plan.ranges.push_back({static_cast<uint16_t>(r.begin), static_cast<uint16_t>(r.end - r.begin)});
        oldSum = onesSumAdd(oldSum, scratch.data() + r.begin, r.end - r.begin);
      }
      const uint16_t oldCsum = loadBe16(built.bytes.data() + c.fieldOffset);
      op.csumConstant = uint32_t{static_cast<uint16_t>(~oldCsum)} + uint32_t{static_cast<uint16_t>(~onesFold(oldSum))};
      storeBe16(scratch.data() + c.fieldOffset, oldCsum);
    }
    plan.ops.push_back(op);
    dynamic.push_back({c.fieldOffset, c.fieldOffset + 2u});  // outer checksums see it change
  }
}

Status checkControl(const v1::Stream& s) {
  if (auto st = checkKnownEnums(s); !st) return st;
  if (s.control().after() == v1::Control::GOTO_STREAM && s.control().goto_stream() >= 1000000)
    return makeError("control.goto_stream", "stream index out of range");
  return Ok{};
}

}  // namespace

Result<TxPlan> compile(const v1::Stream& stream, const std::shared_ptr<const void>& owner) {
  TxPlan plan;
  plan.streamId = stream.id();
  plan.seed = stream.seed() ? stream.seed() : 0x5eed0000ull + stream.id();
  if (auto st = checkControl(stream); !st) return st.error();
  plan.rate = ratePlanOf(stream.rate());
  plan.run = runPlanOf(stream);
  if (stream.has_replay()) {
    if (auto st = planReplay(stream, plan); !st) return st.error();
    plan.replay.recording = owner ? std::shared_ptr<const v1::Replay>(owner, &stream.replay())
                                  : std::make_shared<const v1::Replay>(stream.replay());
    if (!plan.replay.timed)
      if (auto st = checkRateValue(plan.rate, plan.averageFrameBytes); !st) return st.error();
    return plan;
  }

  auto resolved = resolveLayers(stream.layers());
  if (!resolved) return resolved.error();
  std::vector<LayerState> layers = std::move(resolved).value();
  plan.tracked = !layers.empty() && layers.back().spec->role == LayerRole::kTrailer;
  if (plan.tracked && stream.id() > kMaxTrackedStreamId)
    return makeError("id", std::to_string(stream.id()) + " is too large for the signature (allowed 0..65535)");

  auto vars = resolveVariableFields(stream.variable_fields(), layers);
  if (!vars) return vars.error();

  auto avg = planFrameLength(stream.frame_length(), minimumFrameLength(layers), plan.length);
  if (!avg) return avg.error();
  plan.averageFrameBytes = *avg;
  if (auto st = checkRateValue(plan.rate, plan.averageFrameBytes); !st) return st.error();

  auto built = buildFrame(layers, {plan.length.max + kFcsBytes, stream.id(), plan.seed});
  if (!built) return built.error();
  plan.frameTemplate = built->bytes;
  if (auto st = planLinkFill(stream, *built, plan); !st) return st.error();

  const bool lengthMoves = plan.length.varies && built->fillLayer >= 0;
  std::vector<ByteRange> dynamic;
  plan.length.restoreTemplate = lengthMoves;
  if (plan.length.varies) {
    plan.ops.push_back({PatchOpKind::kSetLength});
    if (lengthMoves)
      for (const LengthInfo& l : built->lengths) {
        plan.length.fields.push_back({l.fieldOffset, l.base});
        dynamic.push_back({l.fieldOffset, l.fieldOffset + 2u});
      }
  }
  if (auto st = emitVariableFieldOps(*vars, *built, plan); !st) return st.error();
  for (const PatchOp& op : plan.ops)
    if (op.window.bytes) dynamic.push_back({op.window.offset, size_t{op.window.offset} + op.window.bytes});
  if (plan.tracked) {
    plan.ops.push_back({PatchOpKind::kSignature});
    // All of it changes per packet: the lane's magic, the sequence and the timestamp.
    dynamic.push_back({plan.frameTemplate.size() - kSignatureBytes, plan.frameTemplate.size()});
  }
  planChecksums(*built, lengthMoves, std::move(dynamic), plan);
  return plan;
}

Result<std::vector<TxPlan>> compileAll(const google::protobuf::RepeatedPtrField<v1::Stream>& streams,
                                       const std::shared_ptr<const void>& owner) {
  std::vector<TxPlan> plans;
  std::set<uint32_t> ids;
  for (int i = 0; i < streams.size(); ++i) {
    const std::string prefix = "streams[" + std::to_string(i) + "]";
    if (!ids.insert(streams[i].id()).second)
      return makeError(prefix + ".id", "duplicate stream id " + std::to_string(streams[i].id()) +
                                           " (ids must be unique within a port)");
    auto p = compile(streams[i], owner);
    if (!p) return p.error().withPrefix(prefix);
    plans.push_back(std::move(p).value());
  }
  return plans;
}

PacketRenderer::PacketRenderer(const TxPlan& plan)
    : plan_(plan), state_(makePatchState(plan)), frame_(plan.frameTemplate) {}

std::span<const uint8_t> PacketRenderer::next(uint64_t txTimeNs) {
  uint16_t len = applyPatchProgram(plan_, state_, frame_.data(), txTimeNs);
  return {frame_.data(), len};
}

}  // namespace staccato
