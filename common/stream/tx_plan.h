#pragma once
/// A compiled stream: one template frame plus a flat, bounded patch program over plain structs
/// (no pointers, no virtual calls) so it can also be copied into a BPF map and interpreted by an
/// XDP program, and its rate and run control as plain data. Packet n of the stream = template,
/// then the ops applied in order. A plan keeps nothing of the protobuf stream but a replay's
/// shared recording.
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "common/packet/pseudo_header.h"
#include "staccato/v1/stream.pb.h"

namespace staccato {

enum class PatchOpKind : uint8_t {
  kSetLength,      ///< pick this packet's length; restore the template's bytes if they move; write lengths
  kVarSequence,    ///< field = start + cursor * step (decrement: negative step), masked
  kVarRandom,      ///< field = random & mask
  kVarList,        ///< field = list[cursor]
  kSignature,      ///< stream id, sequence and TX timestamp in the last 16 bytes
  kChecksumDelta,  ///< incremental checksum update (RFC 1624) over the bytes that changed
  kChecksumFull,   ///< checksum recomputed over a region that ends with the frame
  kReplayFrame,    ///< copy recorded frame cursor % count (Stream.replay.frames) whole; sets the length
  kCrc32c,         ///< CRC32c (SCTP) recomputed over its region: it has no incremental update
};

/// Where a varying value lands: a window of 1..8 bytes written whole.
struct FieldWindow {
  uint16_t offset = 0;      ///< first byte of the window in the frame
  uint8_t bytes = 0;        ///< window size
  uint8_t shift = 0;        ///< value's bit position from the window's least significant bit
  uint64_t fieldMask = 0;   ///< the bits that vary, in value coordinates
  uint64_t templateBits = 0;  ///< the window's template content with the varying bits cleared
};

struct PatchOp {
  PatchOpKind kind;
  uint8_t slot = 0;          ///< cursor slot in PatchState
  FieldWindow window;        ///< var ops
  uint64_t start = 0;        ///< kVarSequence; kVarList: first index into listValues
  uint64_t step = 0;         ///< kVarSequence
  uint64_t count = 0;        ///< values before wrapping; 0 = never (sequence) / list size
  // Checksums: field offset, region start, pseudo-header and the ranges that change.
  uint16_t csumOffset = 0;
  uint16_t regionStart = 0;
  uint16_t regionEnd = 0;    ///< kCrc32c: one past the last covered byte; 0 = the frame's end
  uint16_t rangeFirst = 0;   ///< index into TxPlan::ranges
  uint16_t rangeCount = 0;
  PseudoHeader pseudo;       ///< kChecksumFull
  bool zeroAsOnes = false;
  uint32_t csumConstant = 0;  ///< kChecksumDelta: ~old checksum + ~old sum of the ranges
};

/// A byte range summed by kChecksumDelta, starting at an even offset of its checksum's region.
struct ChecksumRange {
  uint16_t offset;
  uint16_t length;
};

/// How the frame length varies: a table walked by a cursor, or uniform random.
struct LengthPlan {
  bool varies = false;
  bool random = false;
  bool restoreTemplate = false;    ///< payload/trailer move with the length: copy the template first
  uint16_t min = 0, max = 0;       ///< frame bytes without FCS
  std::vector<uint16_t> table;     ///< increment/decrement/mix sequence (without FCS)
  struct Field {
    uint16_t offset;  ///< 16-bit length field
    uint16_t base;    ///< value = length - base
  };
  std::vector<Field> fields;
};

/// A replay stream's recording and timing. The recording is shared, never copied: a drone's
/// plan points into the stream list it stores (up to 256 MiB of frames).
struct ReplayPlan {
  bool active = false;
  bool timed = false;    ///< times_ns given: deadlines follow them and the rate is ignored
  double speed = 1;      ///< playback speed; 0 in the stream means 1
  double meanGapNs = 0;  ///< times_ns.back() / (N - 1); with one frame the rate's interval is used
  std::shared_ptr<const v1::Replay> recording;  ///< frames and times_ns
};

/// What Stream.rate asks for, as plain data.
struct RatePlan {
  v1::Rate::Unit unit = v1::Rate::UNIT_UNSPECIFIED;
  double value = 0;              ///< 0 means 1000 pps
  uint32_t packetsPerBurst = 1;  ///< at least 1
};

/// What Stream.control and Stream.enabled ask of a run, as plain data.
struct RunPlan {
  bool enabled = true;
  std::optional<uint64_t> packetsPerRun;  ///< all queues together; nullopt = continuous
  v1::Control::AfterStream after = v1::Control::NEXT;
  uint32_t gotoStream = 0;  ///< GOTO_STREAM: index among the streams sent (see the drone's sendable plans)
  uint32_t loopCount = 0;   ///< GOTO_*: jumps back at most this often; 0 = forever

  /// The index of the stream that runs after this one (index `index` of the `count` streams sent
  /// in sequence); `count` ends the sequence. `jumps` counts this stream's GOTO jumps (updated).
  size_t nextAfter(size_t index, size_t count, uint32_t& jumps) const {
    auto jumpTo = [&](size_t target) -> size_t {
      if (target >= count) return count;  // no such stream: stop
      if (loopCount != 0 && jumps >= loopCount) return index + 1;
      ++jumps;
      return target;
    };
    switch (after) {
      case v1::Control::STOP: return count;
      case v1::Control::GOTO_FIRST: return jumpTo(0);
      case v1::Control::GOTO_STREAM: return jumpTo(gotoStream);
      default: return index + 1;
    }
  }
};

/// Where a drone fills the outer Ethernet addresses of a stream that uses eth.src "device" or
/// eth.dst "resolve" (common/packet/link_placeholder.h), from its emulated hosts, at start. The
/// compiler only records where things are; the template holds zeros there until then.
struct LinkFill {
  bool deviceSource = false;        ///< eth.src "device": the MAC of the host owning the IP source
  bool resolveDestination = false;  ///< eth.dst "resolve": the next hop's MAC
  uint8_t ipVersion = 0;            ///< 4 or 6: the first IP header after Ethernet and VLAN tags
  uint16_t ipSrcOffset = 0;         ///< its source address (the destination follows it)
  uint8_t vlanCount = 0;            ///< VLAN tags between Ethernet and IP (outer first)
  uint16_t vlanTpidOffsets[2] = {}; ///< each tag's TPID (the EtherType before it); its TCI follows
  bool active() const { return deviceSource || resolveDestination; }
};

struct TxPlan {
  uint32_t streamId = 0;
  bool tracked = false;                 ///< has a signature trailer
  std::vector<uint8_t> frameTemplate;   ///< at the longest length, without FCS (replay: zeros)
  std::vector<PatchOp> ops;
  std::vector<uint64_t> listValues;
  std::vector<ChecksumRange> ranges;
  LengthPlan length;
  ReplayPlan replay;
  uint64_t seed = 1;
  uint8_t slotCount = 0;                ///< cursor slots used
  double averageFrameBytes = 0;         ///< FCS included, for bit rates
  RatePlan rate;
  RunPlan run;
  LinkFill link;                        ///< eth.src "device" / eth.dst "resolve": the drone fills them
};

/// Compiled streams in the order they are sent, immutable and shared (by a drone's stream store
/// and every queue that sends them).
using PlanList = std::shared_ptr<const std::vector<TxPlan>>;

inline constexpr unsigned kMaxPatchSlots = 16;

/// Per-worker state for one stream's plan: cursors, random state, sequence.
/// A worker that sends every `stride`-th packet starting at `first` (multi-queue) gets
/// exactly the values packet n would get on a single queue (random values excepted).
struct PatchState {
  uint64_t cursor[kMaxPatchSlots] = {};
  uint64_t rng = 1;
  uint64_t seq = 0;       ///< the next signature sequence number
  uint64_t seqStep = 1;   ///< stride (the stream's own numbering), or 1 (a lane's)
  uint16_t magic = 0;     ///< the signature magic naming the lane
  uint64_t stride = 1;
  uint64_t lengthCursor = 0;
};

/// A transmit queue's own signature lane (see signature_layout.h): its packets carry the lane's
/// magic and a sequence counting that lane's packets of the stream, from `first`.
struct SignatureLane {
  unsigned lane = 0;
  uint64_t first = 0;
};

}  // namespace staccato
