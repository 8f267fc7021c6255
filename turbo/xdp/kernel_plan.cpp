#include "turbo/xdp/kernel_plan.h"

#include <cstring>

namespace staccato::turbo {
namespace {

Error cannot(const std::string& why) { return makeError("in-kernel sender", why, ErrorKind::kUnavailable); }

/// Cuts kChecksumDelta's byte ranges into pieces of 8, 4, 2 bytes and a lone last byte, summed
/// in native byte order by the program. False when the stream's pieces do not fit.
bool addPieces(const TxPlan& plan, const PatchOp& op, uint8_t index, xs_stream& s) {
  const uint32_t first = s.piece_count;
  for (uint16_t r = 0; r < op.rangeCount; ++r) {
    const ChecksumRange& range = plan.ranges[op.rangeFirst + r];
    for (uint32_t at = 0; at < range.length;) {
      const uint32_t left = range.length - at;
      const uint32_t size = left >= 8 ? 8 : left >= 4 ? 4 : left >= 2 ? 2 : 1;
      const uint32_t code = size == 8 ? 3 : size == 4 ? 2 : size == 2 ? 1 : 0;
      if (s.piece_count >= XS_MAX_PIECES) return false;
      s.piece_op[s.piece_count] = index;
      s.pieces[s.piece_count++] = static_cast<uint16_t>((range.offset + at) | code << XS_PIECE_SHIFT);
      at += size;
    }
  }
  if (s.piece_count == first) return true;  // nothing changes under it (the compiler drops such ops)
  s.pieces[first] |= XS_PIECE_FIRST;
  s.pieces[s.piece_count - 1] |= XS_PIECE_LAST;
  return true;
}

}  // namespace

Result<KernelPlan> toKernelPlan(const TxPlan& plan) {
  if (plan.replay.active) return cannot("replay streams copy recorded frames whole, which it does not do");
  if (plan.frameTemplate.size() > kMaxKernelFrame)
    return cannot("frames of " + std::to_string(plan.frameTemplate.size()) + " bytes are larger than it builds (" +
                  std::to_string(kMaxKernelFrame) + ")");
  if (plan.ops.size() > XS_MAX_OPS)
    return cannot(std::to_string(plan.ops.size()) + " patch operations are more than it runs (" +
                  std::to_string(XS_MAX_OPS) + ")");
  KernelPlan k;
  xs_stream& s = k.stream;
  s.op_count = static_cast<uint32_t>(plan.ops.size());
  s.template_len = static_cast<uint16_t>(plan.frameTemplate.size());
  s.stream_id = static_cast<uint16_t>(plan.streamId);
  s.seed = plan.seed;
  const LengthPlan& lp = plan.length;
  s.length_random = lp.random;
  s.restore_template = lp.restoreTemplate;
  s.length_min = lp.min;
  s.length_max = lp.max;
  if (lp.fields.size() > XS_MAX_LENGTH_FIELDS)
    return cannot(std::to_string(lp.fields.size()) + " length fields are more than it rewrites (" +
                  std::to_string(XS_MAX_LENGTH_FIELDS) + ")");
  s.length_field_count = static_cast<uint8_t>(lp.fields.size());
  for (size_t f = 0; f < lp.fields.size(); ++f) s.length_fields[f] = {lp.fields[f].offset, lp.fields[f].base};
  k.lengthTable.assign(lp.table.begin(), lp.table.end());
  s.table_count = static_cast<uint32_t>(lp.table.size());

  bool checksums = false;
  for (size_t i = 0; i < plan.ops.size(); ++i) {
    const PatchOp& op = plan.ops[i];
    xs_op& o = s.ops[i];
    o.slot = op.slot;
    o.offset = op.window.offset;
    o.bytes = op.window.bytes;
    o.shift = op.window.shift;
    o.field_mask = op.window.fieldMask;
    o.template_bits = op.window.templateBits;
    o.start = op.start;
    o.step = op.step;
    o.count = op.count;
    o.csum_offset = op.csumOffset;
    o.region_start = op.regionStart;
    o.zero_as_ones = op.zeroAsOnes;
    o.csum_constant = op.csumConstant;
    const bool isVar = op.kind == PatchOpKind::kVarSequence || op.kind == PatchOpKind::kVarRandom ||
                       op.kind == PatchOpKind::kVarList;
    if (isVar && (op.window.bytes < 1 || op.window.bytes > 8 || op.slot >= XS_MAX_SLOTS))
      return cannot("a variable field's window is not 1..8 bytes");
    const bool isChecksum = op.kind == PatchOpKind::kChecksumDelta || op.kind == PatchOpKind::kChecksumFull ||
                            op.kind == PatchOpKind::kCrc32c;
    if (isChecksum && !checksums) s.op_count = static_cast<uint32_t>(i);  // the rest are pieces
    if (!isChecksum && checksums) return cannot("a checksum is updated before other operations");
    checksums = checksums || isChecksum;
    switch (op.kind) {
      case PatchOpKind::kSetLength:
        if (i != 0) return cannot("the frame length is set after other operations");
        o.kind = XS_SET_LENGTH;
        break;
      case PatchOpKind::kVarSequence: o.kind = XS_VAR_SEQUENCE; break;
      case PatchOpKind::kVarRandom: o.kind = XS_VAR_RANDOM; break;
      case PatchOpKind::kVarList:
        if (op.start + op.count > plan.listValues.size() || op.count == 0)
          return cannot("a list field's values are not in the plan");
        o.kind = XS_VAR_LIST;
        break;
      case PatchOpKind::kSignature:
        if (plan.frameTemplate.size() < 14 + 16 || lp.min < 14 + 16) return cannot("frames too short for a signature");
        o.kind = XS_SIGNATURE;
        break;
      case PatchOpKind::kChecksumDelta:
        o.kind = XS_CHECKSUM_DELTA;
        if (!addPieces(plan, op, static_cast<uint8_t>(i), s))
          return cannot("its checksum updates sum more than " + std::to_string(XS_MAX_PIECES) + " pieces of changing bytes");
        break;
      case PatchOpKind::kChecksumFull:
        o.kind = XS_CHECKSUM_FULL;
        o.pseudo_kind = op.pseudo.kind;
        o.pseudo_src = op.pseudo.srcOffset;
        o.pseudo_dst = op.pseudo.dstOffset;
        o.pseudo_len = op.pseudo.addrLen;
        o.pseudo_protocol = op.pseudo.protocol;
        if (op.pseudo.kind != PseudoHeader::kNone && op.pseudo.addrLen != 4 && op.pseudo.addrLen != 16)
          return cannot("a pseudo-header address is neither 4 nor 16 bytes");
        if (s.piece_count >= XS_MAX_PIECES) return cannot("too many checksum updates");
        s.piece_op[s.piece_count++] = static_cast<uint8_t>(i | XS_PIECE_OP_WHOLE);
        break;
      case PatchOpKind::kCrc32c:
        o.kind = XS_CRC32C;
        o.region_end = op.regionEnd;
        if (s.piece_count >= XS_MAX_PIECES) return cannot("too many checksum updates");
        s.piece_op[s.piece_count++] = static_cast<uint8_t>(i | XS_PIECE_OP_WHOLE);
        break;
      case PatchOpKind::kReplayFrame: return cannot("replay streams copy recorded frames whole, which it does not do");
    }
  }
  k.listValues = plan.listValues;
  return k;
}

}  // namespace staccato::turbo
