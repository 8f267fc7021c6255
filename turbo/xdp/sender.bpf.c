// The in-kernel sender: BPF_PROG_RUN with live frames runs this program over page-pool frames
// that start as a stream's template (or hold the stream's previous packet); it turns each into
// the stream's next packet and redirects it to the port. The stream's compiled patch program
// (TxPlan) is data in maps, interpreted here with bounded loops, with applyPatchProgram's exact
// semantics (common/stream/patch_program.cpp): cursors and random state per CPU and stream,
// strided so that a worker sending every k-th packet produces the bytes packet n has on one
// queue. The calling worker's CPU names its entry in `workers`: which stream, where its share
// starts, how many frames it may send, optional pacing. Checksums: RFC 1624 updates over the
// bytes that change (pieces of 8/4/2/1 bytes per stream), or a full recompute in 512-byte chunks
// (bpf_csum_diff) when the length varies; SCTP's CRC32c by slicing-by-8 over the same chunks.
// Global functions keep verification linear.
#include <linux/bpf.h>
#include <bpf/bpf_endian.h>
#include <bpf/bpf_helpers.h>

#include "turbo/xdp/sender_abi.h"

#define OFFSET_MASK 0xfff  // frames end below 4096: masks prove offsets bounded to the verifier
// Makes clang keep `x` in one register, so a bounds check on it is the one the verifier sees.
#define PIN(x) asm volatile("" : "+r"(x))

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 1);  // the number of streams, set before load
  __type(key, __u32);
  __type(value, struct xs_stream);
} streams SEC(".maps");

struct xs_template {
  __u8 bytes[XS_MAX_FRAME];
};
struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, struct xs_template);
} templates SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 1);  // all streams' list values
  __type(key, __u32);
  __type(value, __u64);
} list_values SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 1);  // all streams' length tables
  __type(key, __u32);
  __type(value, __u32);
} length_table SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, struct xs_state);
} states SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 1);  // possible CPUs
  __uint(map_flags, BPF_F_MMAPABLE);
  __type(key, __u32);
  __type(value, struct xs_worker);
} workers SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 1);
  __uint(map_flags, BPF_F_MMAPABLE);
  __type(key, __u32);
  __type(value, struct xs_config);
} config SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_DEVMAP);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, __u32);
} ports SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, struct xs_crc_tables);
} crc_tables SEC(".maps");

struct xs_scratch {
  __u8 bytes[XS_SUM_CHUNK + 8];
};
struct {
  __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, struct xs_scratch);
} scratch SEC(".maps");

static __always_inline __u64 next_random(__u64 *x) {  // xorshift64*, as the patch program
  __u64 v = *x;
  v ^= v >> 12;
  v ^= v << 25;
  v ^= v >> 27;
  *x = v;
  return v * 0x2545f4914f6cdd1dull;
}

static __always_inline __u64 advance(__u64 cursor, __u64 stride, __u64 count) {
  cursor += stride;
  if (count && cursor >= count) cursor %= count;
  return cursor;
}

static __always_inline __u16 fold(__u64 acc) {
  acc = (acc & 0xffffffffull) + (acc >> 32);
  acc = (acc & 0xffffffffull) + (acc >> 32);
  acc = (acc & 0xffff) + (acc >> 16);
  acc = (acc & 0xffff) + (acc >> 16);
  return (__u16)acc;
}

/// Writes the low `bytes` bytes of `bits` big-endian at `offset`, a byte at a time: windows of
/// 3, 5, 6 or 7 bytes, or near the frame's end. 0, or -1 outside the frame.
__noinline int xs_store_bytes(struct xdp_md *ctx, __u32 offset, __u32 bytes, __u64 bits) {
  __u8 *data = (__u8 *)(long)ctx->data;
  __u8 *end = (__u8 *)(long)ctx->data_end;
  __u8 *p = data + (offset & OFFSET_MASK);
  if (bytes == 0 || bytes > 8) return -1;
  for (__u32 i = 0; i < 8; i++) {
    if (i >= bytes) break;
    __u8 *q = p + i;
    if (q + 1 > end) return -1;
    *q = (__u8)(bits >> (8 * (bytes - 1 - i)));
  }
  return 0;
}

/// The same, in one store for windows of 1, 2, 4 or 8 bytes away from the frame's end.
static __always_inline int xs_store(struct xdp_md *ctx, __u32 offset, __u32 bytes, __u64 bits) {
  __u8 *data = (__u8 *)(long)ctx->data;
  __u8 *end = (__u8 *)(long)ctx->data_end;
  __u8 *p = data + (offset & OFFSET_MASK);
  if (p + 8 <= end) {
    switch (bytes) {
      case 1: *p = (__u8)bits; return 0;
      case 2: *(__u16 *)p = bpf_htons((__u16)bits); return 0;
      case 4: *(__u32 *)p = bpf_htonl((__u32)bits); return 0;
      case 8: *(__u64 *)p = bpf_cpu_to_be64(bits); return 0;
    }
  }
  return xs_store_bytes(ctx, offset, bytes, bits);
}

static __always_inline __u16 load16(__u8 *p) { return (__u16)(p[0] << 8 | p[1]); }

/// The pseudo-header's sum (pseudoHeaderSum) for an upper-layer length.
static __always_inline int pseudo_sum(struct xdp_md *ctx, const struct xs_op *op, __u32 upper, __u64 *acc) {
  if (op->pseudo_kind == 0) return 0;
  __u8 src[16], dst[16];
  __u32 n = op->pseudo_len;
  if (n != 4 && n != 16) return -1;
  if (bpf_xdp_load_bytes(ctx, op->pseudo_src, src, n) || bpf_xdp_load_bytes(ctx, op->pseudo_dst, dst, n)) return -1;
  for (__u32 i = 0; i < 8; i++) {
    if (2 * i >= n) break;
    *acc += load16(src + 2 * i) + load16(dst + 2 * i);
  }
  *acc += op->pseudo_protocol;
  *acc += upper;
  return 0;
}

/// kChecksumFull: the checksum recomputed over [region_start, len) and the pseudo-header.
__noinline int xs_checksum_full(struct xdp_md *ctx, const struct xs_op *op, __u32 len) {
  if (!op || op->region_start >= len || len > XS_MAX_FRAME) return -1;
  if (xs_store(ctx, op->csum_offset, 2, 0)) return -1;
  __u64 acc = 0;
  if (pseudo_sum(ctx, op, len - op->region_start, &acc)) return -1;
  __u32 zero = 0;
  struct xs_scratch *buf = bpf_map_lookup_elem(&scratch, &zero);
  if (!buf) return -1;
  for (__u32 c = 0; c < (XS_MAX_FRAME + XS_SUM_CHUNK - 1) / XS_SUM_CHUNK; c++) {
    __u32 off = op->region_start + c * XS_SUM_CHUNK;
    if (off >= len) break;
    __u32 n = len - off;
    if (n > XS_SUM_CHUNK) n = XS_SUM_CHUNK;
    if (n < 1) break;
    if (bpf_xdp_load_bytes(ctx, off, buf->bytes, n)) return -1;
    // Zero up to the next multiple of 4 (bpf_csum_diff's unit): an odd last byte is summed as
    // a high byte, as onesSumAdd pads it. Chunks start at even offsets of the region.
    __u32 padded = (n + 3) & ~3u;
    for (__u32 i = 0; i < 3; i++) {
      __u32 at = n + i;
      if (at >= padded || at >= XS_SUM_CHUNK + 8) break;
      buf->bytes[at] = 0;
    }
    if (padded > XS_SUM_CHUNK) return -1;
    __s64 partial = bpf_csum_diff(0, 0, (__be32 *)buf->bytes, padded, 0);
    if (partial < 0) return -1;
    // A sum of native (little-endian) words: fold, and swap into the wire's big-endian order.
    acc += __builtin_bswap16(fold((__u64)(__u32)partial));
  }
  __u16 sum = (__u16)~fold(acc);
  if (op->zero_as_ones && sum == 0) sum = 0xffff;
  return xs_store(ctx, op->csum_offset, 2, sum);
}

/// One 8-byte slice of a CRC32c over the scratch buffer (a bpf_loop callback: verified once).
struct crc_walk {
  __u32 state, at;
};
static long crc_slice(__u32 index, void *arg) {
  struct crc_walk *w = arg;
  __u32 zero = 0;
  struct xs_scratch *buf = bpf_map_lookup_elem(&scratch, &zero);
  struct xs_crc_tables *tables = bpf_map_lookup_elem(&crc_tables, &zero);
  if (!buf || !tables) return 1;
  __u32 at = w->at & (XS_SUM_CHUNK - 8);
  __u32 lo = *(__u32 *)&buf->bytes[at] ^ w->state;  // little-endian words: the reflected CRC reads bytes
  __u32 hi = *(__u32 *)&buf->bytes[at + 4];
  w->state = tables->t[7][lo & 0xff] ^ tables->t[6][(lo >> 8) & 0xff] ^ tables->t[5][(lo >> 16) & 0xff] ^
             tables->t[4][lo >> 24] ^ tables->t[3][hi & 0xff] ^ tables->t[2][(hi >> 8) & 0xff] ^
             tables->t[1][(hi >> 16) & 0xff] ^ tables->t[0][hi >> 24];
  w->at += 8;
  return 0;
}

/// kCrc32c (SCTP): CRC32c of [region_start, region_end or the frame's end) with the field zeroed,
/// stored least significant byte first (writeCrc32cField), slicing-by-8 over 512-byte chunks.
__noinline int xs_crc32c(struct xdp_md *ctx, const struct xs_op *op, __u32 len) {
  __u32 end = op && op->region_end ? op->region_end : len;
  if (!op || op->region_start >= end || end > len || len > XS_MAX_FRAME) return -1;
  __u32 zero = 0;
  struct xs_scratch *buf = bpf_map_lookup_elem(&scratch, &zero);
  struct xs_crc_tables *tables = bpf_map_lookup_elem(&crc_tables, &zero);
  if (!buf || !tables || xs_store(ctx, op->csum_offset, 4, 0)) return -1;
  struct crc_walk walk = {~0u, 0};
  for (__u32 c = 0; c < (XS_MAX_FRAME + XS_SUM_CHUNK - 1) / XS_SUM_CHUNK; c++) {
    __u32 off = op->region_start + c * XS_SUM_CHUNK;
    if (off >= end) break;
    __u32 n = end - off;
    if (n > XS_SUM_CHUNK) n = XS_SUM_CHUNK;
    if (n < 1) break;
    if (bpf_xdp_load_bytes(ctx, off, buf->bytes, n)) return -1;
    walk.at = 0;
    bpf_loop(n / 8, crc_slice, &walk, 0);
    for (__u32 i = 0; i < 7; i++) {  // the chunk's last bytes
      if (walk.at >= n) break;
      walk.state = (walk.state >> 8) ^ tables->t[0][(walk.state ^ buf->bytes[walk.at & (XS_SUM_CHUNK - 1)]) & 0xff];
      walk.at++;
    }
  }
  return xs_store(ctx, op->csum_offset, 4, __builtin_bswap32(~walk.state));
}

/// Sets up a stream's state for the worker's current run (makePatchState).
static __always_inline void start_run(const struct xs_stream *s, struct xs_state *st, const struct xs_worker *w) {
  __u64 first = w->first;
  st->generation = w->generation;
  st->stride = w->stride ? w->stride : 1;
  st->seq = w->lane_mode ? w->lane_first : first;
  st->seq_step = w->lane_mode ? 1 : st->stride;
  __u16 magic = w->lane_mode && w->lane ? (0x5b00 | w->lane) : 0x5a7c;  // laneMagic()
  st->magic = bpf_htons(magic);
  st->rng = s->seed * 0x9e3779b97f4a7c15ull + first + 1;
  if (!st->rng) st->rng = 1;
  for (__u32 i = 0; i < XS_MAX_SLOTS; i++) st->cursor[i] = 0;
  for (__u32 i = 0; i < XS_MAX_OPS; i++) {
    if (i >= s->op_count) break;
    const struct xs_op *op = &s->ops[i];
    if (op->kind == XS_VAR_SEQUENCE || op->kind == XS_VAR_LIST)
      st->cursor[op->slot & (XS_MAX_SLOTS - 1)] = op->count ? first % op->count : first;
  }
  st->length_cursor = s->table_count ? first % s->table_count : 0;
}

/// kSetLength: picks the length, moves the frame's end there, restores the template if the
/// payload moves, writes the length fields. The new length, or 0 on failure.
static __always_inline __u32 set_length(struct xdp_md *ctx, const struct xs_stream *s, struct xs_state *st, __u32 index) {
  __u32 len;
  if (s->length_random) {
    __u64 span = (__u64)s->length_max - s->length_min + 1;
    len = s->length_min + (((next_random(&st->rng) >> 32) * span) >> 32);
  } else {
    __u32 at = s->table_base + (__u32)st->length_cursor;
    __u32 *v = bpf_map_lookup_elem(&length_table, &at);
    if (!v) return 0;
    len = *v;
    st->length_cursor = advance(st->length_cursor, st->stride, s->table_count);
  }
  PIN(len);
  if (len < 14 || len > XS_MAX_FRAME) return 0;
  int now = (int)(ctx->data_end - ctx->data);
  if ((int)len != now && bpf_xdp_adjust_tail(ctx, (int)len - now)) return 0;
  if (s->restore_template) {
    struct xs_template *t = bpf_map_lookup_elem(&templates, &index);
    if (!t || bpf_xdp_store_bytes(ctx, 0, t->bytes, len)) return 0;
  }
  for (__u32 f = 0; f < XS_MAX_LENGTH_FIELDS; f++) {
    if (f >= s->length_field_count) break;
    if (xs_store(ctx, s->length_fields[f].offset, 2, len - s->length_fields[f].base)) return 0;
  }
  return len;
}

/// The send time (CLOCK_MONOTONIC) of the frame being built. Reading the clock costs about a
/// third of a frame here, so it is read every XS_STAMP_EVERY frames and at each call's first
/// frame, and the frames between are stamped along the spacing last measured. The kernel sends
/// a call's frames in batches of up to 256 anyway: a stamp is that batch's time, not the wire's.
static __always_inline __u64 stamp(struct xs_worker *w) {
  if (w->sent == 0 || w->stamp_frames >= XS_STAMP_EVERY) {
    __u64 now = bpf_ktime_get_ns();
    if (w->sent != 0) {
      __u64 step = (now - w->stamp_ns) / XS_STAMP_EVERY;
      w->stamp_step_ns = step < 100000 ? step : 0;  // a gap is no spacing
    }
    w->stamp_ns = now;
    w->stamp_frames = 0;
  }
  return w->stamp_ns + w->stamp_frames++ * w->stamp_step_ns;
}

/// kSignature: the lane's magic, stream id, sequence and send time in the last 16 bytes.
static __always_inline int signature(struct xdp_md *ctx, const struct xs_stream *s, struct xs_state *st, __u32 len,
                                     __u64 realtime) {
  __u8 *data = (__u8 *)(long)ctx->data;
  __u8 *end = (__u8 *)(long)ctx->data_end;
  if (len < 16) return -1;
  __u8 *sig = data + ((len - 16) & OFFSET_MASK);
  if (sig + 16 > end) return -1;
  *(__u16 *)sig = (__u16)st->magic;
  *(__u16 *)(sig + 2) = bpf_htons(s->stream_id);
  *(__u32 *)(sig + 4) = bpf_htonl((__u32)st->seq);
  *(__u64 *)(sig + 8) = bpf_cpu_to_be64(realtime);
  st->seq += st->seq_step;
  return 0;
}

/// Runs ops [from, op_count) of stream `s` on the frame: everything but checksums. The frame's
/// length, or 0 on failure.
static __always_inline __u32 run_writes(struct xdp_md *ctx, const struct xs_stream *s, struct xs_state *st, __u32 from,
                                        __u32 len, __u64 now, struct xs_worker *w, __s64 realtime_minus_mono) {
  for (__u32 i = from; i < XS_MAX_OPS; i++) {
    if (i >= s->op_count) break;
    const struct xs_op *op = &s->ops[i];
    __u64 value;
    __u32 slot = op->slot & (XS_MAX_SLOTS - 1);
    switch (op->kind) {
      case XS_VAR_SEQUENCE:
        value = op->start + st->cursor[slot] * op->step;
        st->cursor[slot] = advance(st->cursor[slot], st->stride, op->count);
        break;
      case XS_VAR_RANDOM:
        value = next_random(&st->rng);
        break;
      case XS_VAR_LIST: {
        __u32 at = s->list_base + (__u32)(op->start + st->cursor[slot]);
        __u64 *v = bpf_map_lookup_elem(&list_values, &at);
        if (!v) return 0;
        value = *v;
        st->cursor[slot] = advance(st->cursor[slot], st->stride, op->count);
        break;
      }
      case XS_SIGNATURE:
        if (signature(ctx, s, st, len, (now ? now : stamp(w)) + (__u64)realtime_minus_mono)) return 0;
        continue;
      default:
        return 0;
    }
    __u64 bits = op->template_bits | ((value & op->field_mask) << (op->shift & 63));
    if (xs_store(ctx, op->offset, op->bytes, bits)) return 0;
  }
  return len;
}

/// The checksum ops, in order, as one flat loop over the stream's pieces (one loop, verified
/// once): RFC 1624 updates (kChecksumDelta: the precomputed constant plus the pieces that
/// change, summed in native byte order, which commutes with byte swapping: RFC 1071), full
/// recomputes and CRC32c. 1, or 0 on failure.
__noinline int xs_run_checksums(struct xdp_md *ctx, const struct xs_stream *s, __u32 len) {
  if (!s) return 0;
  __u64 native = 0;
  for (__u32 c = 0; c < XS_MAX_PIECES; c++) {
    if (c >= s->piece_count) break;
    __u32 index = s->piece_op[c] & ~XS_PIECE_OP_WHOLE;
    if (index >= XS_MAX_OPS) return 0;
    const struct xs_op *op = &s->ops[index];
    if (s->piece_op[c] & XS_PIECE_OP_WHOLE) {
      if (op->kind == XS_CRC32C ? xs_crc32c(ctx, op, len) : xs_checksum_full(ctx, op, len)) return 0;
      continue;
    }
    __u16 piece = s->pieces[c];
    if (piece & XS_PIECE_FIRST) {  // pieces may cover the field: the constant assumes zero there
      if (xs_store(ctx, op->csum_offset, 2, 0)) return 0;
      native = 0;
    }
    __u8 *data = (__u8 *)(long)ctx->data;
    __u8 *end = (__u8 *)(long)ctx->data_end;
    __u8 *p = data + (piece & XS_PIECE_OFFSET);
    switch ((piece >> XS_PIECE_SHIFT) & 3) {
      case 3: {
        if (p + 8 > end) return 0;
        __u64 w = *(__u64 *)p;
        native += (w & 0xffffffffull) + (w >> 32);
        break;
      }
      case 2:
        if (p + 4 > end) return 0;
        native += *(__u32 *)p;
        break;
      case 1:
        if (p + 2 > end) return 0;
        native += *(__u16 *)p;
        break;
      default:  // a lone byte at an even position: the low byte of a native word
        if (p + 1 > end) return 0;
        native += *p;
        break;
    }
    if (piece & XS_PIECE_LAST) {
      __u16 sum = (__u16)~fold((__u64)op->csum_constant + __builtin_bswap16(fold(native)));
      if (op->zero_as_ones && sum == 0) sum = 0xffff;
      if (xs_store(ctx, op->csum_offset, 2, sum)) return 0;
    }
  }
  return 1;
}

/// In-program pacing waits for a frame's time in the program (up to XS_MAX_SPINS clock reads,
/// ~100 us): each run then sends one frame, on time. Dropping early frames instead would cost a
/// page per try, and a call cannot end before its last run.
struct spin_until {
  __u64 due, now;
};
static long spin(__u32 index, void *arg) {
  struct spin_until *u = arg;
  u->now = bpf_ktime_get_ns();
  return u->now >= u->due;  // 1 ends the loop
}

SEC("xdp")
int staccato_xdp_send(struct xdp_md *ctx) {
  __u32 cpu = bpf_get_smp_processor_id(), zero = 0;
  struct xs_worker *w = bpf_map_lookup_elem(&workers, &cpu);
  if (!w || !w->active) return XDP_PASS;  // not one of our calls (the helper device hears nothing)
  if (w->sent >= w->limit) return XDP_DROP;
  __u64 now = 0;  // read when pacing, which needs it anyway
  if (w->interval_ns) {
    struct spin_until until = {w->next_due_ns, bpf_ktime_get_ns()};
    if (until.now < until.due) bpf_loop(XS_MAX_SPINS, spin, &until, 0);
    now = until.now;
    if (now < w->next_due_ns) {  // still early: a frame not sent
      w->early++;
      return XDP_DROP;
    }
    w->next_due_ns += w->interval_ns;
  }
  __u32 index = w->stream;
  struct xs_stream *s = bpf_map_lookup_elem(&streams, &index);
  struct xs_state *st = bpf_map_lookup_elem(&states, &index);
  struct xs_config *cfg = bpf_map_lookup_elem(&config, &zero);
  if (!s || !st || !cfg) return XDP_ABORTED;
  if (st->generation != w->generation) start_run(s, st, w);

  __u32 len = s->template_len, from = 0;
  if (s->op_count > 0 && s->ops[0].kind == XS_SET_LENGTH) {
    len = set_length(ctx, s, st, index);
    from = 1;
  }
  if (len == 0 || run_writes(ctx, s, st, from, len, now, w, cfg->realtime_minus_mono) == 0 ||
      !xs_run_checksums(ctx, s, len))
    return XDP_ABORTED;
  st->packets++;
  st->bytes += len + 4;
  w->sent++;
  // XDP_TX would be the same: BPF_PROG_RUN turns it into a redirect to the call's device.
  return bpf_redirect_map(&ports, 0, 0);
}

char _license[] SEC("license") = "GPL";
