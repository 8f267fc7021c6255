#include "turbo/xdp/kernel_plan.h"

#include <cstring>

namespace staccato::turbo {
namespace {

Error cannot(const std::string& why) { return makeError("in-kernel sender", why, ErrorKind::kUnavailable); }

/// Flattens kChecksumDelta's byte ranges into 16-bit words (an odd last byte is a lone high
/// byte, as onesSumAdd pads it). False when the stream's words do not fit.
bool addWords(const TxPlan& plan, const PatchOp& op, xs_stream& s, uint32_t& used, xs_op& out) {
  out.word_first = static_cast<uint16_t>(used);
  for (uint16_t r = 0; r < op.rangeCount; ++r) {
    const ChecksumRange& range = plan.ranges[op.rangeFirst + r];
    for (uint32_t at = 0; at < range.length; at += 2) {
      if (used >= XS_MAX_WORDS) return false;
      const uint32_t offset = range.offset + at;
      s.words[used++] = static_cast<uint16_t>(offset | (at + 1 == range.length ? XS_WORD_HIGH_ONLY : 0));
    }
  }
  out.word_count = static_cast<uint16_t>(used - out.word_first);
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

  uint32_t words = 0;
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
        if (!addWords(plan, op, s, words, o))
          return cannot("its checksum updates cover more than " + std::to_string(XS_MAX_WORDS * 2) + " changing bytes");
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
        break;
      case PatchOpKind::kCrc32c: return cannot("SCTP's CRC32c is not computed in the kernel (yet)");
      case PatchOpKind::kReplayFrame: return cannot("replay streams copy recorded frames whole, which it does not do");
    }
  }
  k.listValues = plan.listValues;
  return k;
}

}  // namespace staccato::turbo
