// Transmit hot path: one pass over a flat op list per packet. Each op touches a few bytes at a
// precomputed offset; checksums are patched incrementally (RFC 1624) unless the frame length
// varies, in which case the L4 checksum is recomputed over the (short) region that changed.
// CRC32c (SCTP) has no cheap incremental form, so it is recomputed over its region (ADR 0008).
#include "common/stream/patch_program.h"

#include <cstring>
#include <string>

#include "common/core/bits.h"
#include "common/core/checksum.h"
#include "common/core/crc32c.h"
#include "common/packet/pseudo_header.h"
#include "common/packet/signature_layout.h"

namespace staccato {
namespace {

inline uint64_t nextRandom(uint64_t& x) noexcept {  // xorshift64*
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  return x * 0x2545f4914f6cdd1dull;
}

inline void storeWindow(uint8_t* frame, const FieldWindow& w, uint64_t value) noexcept {
  uint64_t bits = w.templateBits | ((value & w.fieldMask) << w.shift);
  uint8_t* p = frame + w.offset;  // big-endian store of the whole window
  switch (w.bytes) {
    case 1: p[0] = static_cast<uint8_t>(bits); return;
    case 2: { const uint16_t v = __builtin_bswap16(static_cast<uint16_t>(bits)); std::memcpy(p, &v, 2); return; }
    case 4: { const uint32_t v = __builtin_bswap32(static_cast<uint32_t>(bits)); std::memcpy(p, &v, 4); return; }
    case 8: { const uint64_t v = __builtin_bswap64(bits); std::memcpy(p, &v, 8); return; }
    default:
      for (int i = w.bytes - 1, s = 0; i >= 0; --i, s += 8) p[i] = static_cast<uint8_t>(bits >> s);
  }
}

inline void advance(uint64_t& cursor, uint64_t stride, uint64_t count) noexcept {
  cursor += stride;
  if (count && cursor >= count) cursor %= count;
}


}  // namespace

PatchState makePatchState(const TxPlan& plan, uint64_t first, uint64_t stride, uint64_t rngSeed, const SignatureLane* lane) {
  PatchState s;
  s.stride = stride ? stride : 1;
  s.seq = lane ? lane->first : first;
  s.seqStep = lane ? 1 : s.stride;
  s.magic = __builtin_bswap16(laneMagic(lane ? lane->lane : 0));
  s.rng = (rngSeed ? rngSeed : plan.seed) * 0x9e3779b97f4a7c15ull + first + 1;
  if (!s.rng) s.rng = 1;
  for (const PatchOp& op : plan.ops) {
    if (op.kind == PatchOpKind::kVarSequence || op.kind == PatchOpKind::kVarList || op.kind == PatchOpKind::kReplayFrame)
      s.cursor[op.slot] = op.count ? first % op.count : first;
  }
  if (!plan.length.table.empty()) s.lengthCursor = first % plan.length.table.size();
  return s;
}

uint16_t applyPatchProgram(const TxPlan& plan, PatchState& st, uint8_t* frame, uint64_t txTimeNs) noexcept {
  uint16_t len = static_cast<uint16_t>(plan.frameTemplate.size());
  for (const PatchOp& op : plan.ops) {
    switch (op.kind) {
      case PatchOpKind::kSetLength: {
        const LengthPlan& lp = plan.length;
        if (lp.random) {
          uint64_t span = uint64_t{lp.max} - lp.min + 1;
          len = static_cast<uint16_t>(lp.min + ((nextRandom(st.rng) >> 32) * span >> 32));
        } else {
          len = lp.table[st.lengthCursor];
          advance(st.lengthCursor, st.stride, lp.table.size());
        }
        if (lp.restoreTemplate) std::memcpy(frame, plan.frameTemplate.data(), len);
        for (const LengthPlan::Field& f : lp.fields) storeBe16(frame + f.offset, static_cast<uint16_t>(len - f.base));
        break;
      }
      case PatchOpKind::kVarSequence: {
        uint64_t& c = st.cursor[op.slot];
        storeWindow(frame, op.window, op.start + c * op.step);
        advance(c, st.stride, op.count);
        break;
      }
      case PatchOpKind::kVarRandom:
        storeWindow(frame, op.window, nextRandom(st.rng));
        break;
      case PatchOpKind::kVarList: {
        uint64_t& c = st.cursor[op.slot];
        storeWindow(frame, op.window, plan.listValues[op.start + c]);
        advance(c, st.stride, op.count);
        break;
      }
      case PatchOpKind::kSignature: {
        // The whole trailer: a frame whose length varies has it at its own end, not the template's.
        uint8_t* sig = frame + len - kSignatureBytes;
        const uint32_t seq = __builtin_bswap32(static_cast<uint32_t>(st.seq));
        const uint64_t ts = __builtin_bswap64(txTimeNs);
        std::memcpy(sig + kSigMagicOffset, &st.magic, 2);
        storeBe16(sig + kSigStreamIdOffset, static_cast<uint16_t>(plan.streamId));
        std::memcpy(sig + kSigSeqOffset, &seq, 4);
        std::memcpy(sig + kSigTimestampOffset, &ts, 8);
        st.seq += st.seqStep;
        break;
      }
      case PatchOpKind::kChecksumDelta: {
        storeBe16(frame + op.csumOffset, 0);  // ranges may cover it; the constant assumes zero
        uint64_t acc = op.csumConstant;
        for (uint16_t r = 0; r < op.rangeCount; ++r) {
          const ChecksumRange& cr = plan.ranges[op.rangeFirst + r];
          acc = onesSumAdd(acc, frame + cr.offset, cr.length);
        }
        uint16_t sum = checksumFromSum(acc);
        if (op.zeroAsOnes && sum == 0) sum = 0xffff;
        storeBe16(frame + op.csumOffset, sum);
        break;
      }
      case PatchOpKind::kReplayFrame: {
        uint64_t& c = st.cursor[op.slot];
        const std::string& recorded = plan.replay.recording->frames(static_cast<int>(c));
        std::memcpy(frame, recorded.data(), recorded.size());
        len = static_cast<uint16_t>(recorded.size());
        advance(c, st.stride, op.count);
        break;
      }
      case PatchOpKind::kChecksumFull: {
        storeBe16(frame + op.csumOffset, 0);
        const size_t regionLen = len - op.regionStart;
        uint16_t sum =
            checksumFromSum(onesSumAdd(pseudoHeaderSum(frame, op.pseudo, regionLen), frame + op.regionStart, regionLen));
        if (op.zeroAsOnes && sum == 0) sum = 0xffff;
        storeBe16(frame + op.csumOffset, sum);
        break;
      }
      case PatchOpKind::kCrc32c:
        writeCrc32cField(frame, op.regionStart, op.regionEnd ? op.regionEnd : len, op.csumOffset);
        break;
    }
  }
  return len;
}

}  // namespace staccato
