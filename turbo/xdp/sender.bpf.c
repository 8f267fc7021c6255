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
#include "turbo/bpf/signature_wire.h"
#include "turbo/xdp/sender_checksums.bpf.h"

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

/// Sets up a stream's state for the worker's current run (makePatchState).
static __always_inline void start_run(const struct xs_stream *s, struct xs_state *st, const struct xs_worker *w) {
  __u64 first = w->first;
  st->generation = w->generation;
  st->stride = w->stride ? w->stride : 1;
  st->seq = w->lane_mode ? w->lane_first : first;
  st->seq_step = w->lane_mode ? 1 : st->stride;
  st->magic = bpf_htons(SIGNATURE_LANE_MAGIC(w->lane_mode ? w->lane : 0));
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
/// frame, and the frames between are stamped along the smallest spacing measured in this call:
/// never the spacing of a call before, nor of frames a preemption held apart, so no frame is
/// stamped later than it was built (a latency is never shorter than the truth). The kernel
/// sends a call's frames in batches of up to 256 anyway: a stamp is that batch's time.
static __always_inline __u64 stamp(struct xs_worker *w) {
  if (w->sent == 0 || w->stamp_frames >= XS_STAMP_EVERY) {
    __u64 now = bpf_ktime_get_ns();
    if (w->sent == 0) {
      w->stamp_step_ns = XS_STEP_UNMEASURED;
    } else {
      __u64 step = (now - w->stamp_ns) / XS_STAMP_EVERY;
      if (step < w->stamp_step_ns) w->stamp_step_ns = step;
    }
    w->stamp_ns = now;
    w->stamp_frames = 0;
  }
  __u64 step = w->stamp_step_ns == XS_STEP_UNMEASURED ? 0 : w->stamp_step_ns;
  return w->stamp_ns + w->stamp_frames++ * step;
}

/// kSignature: the lane's magic, stream id, sequence and send time in the last 16 bytes.
static __always_inline int signature(struct xdp_md *ctx, const struct xs_stream *s, struct xs_state *st, __u32 len,
                                     __u64 realtime) {
  __u8 *data = (__u8 *)(long)ctx->data;
  __u8 *end = (__u8 *)(long)ctx->data_end;
  if (len < SIGNATURE_BYTES) return -1;
  __u8 *sig = data + ((len - SIGNATURE_BYTES) & OFFSET_MASK);
  if (sig + SIGNATURE_BYTES > end) return -1;
  *(__u16 *)sig = (__u16)st->magic;
  *(__u16 *)(sig + SIGNATURE_STREAM_ID_OFFSET) = bpf_htons(s->stream_id);
  *(__u32 *)(sig + SIGNATURE_SEQ_OFFSET) = bpf_htonl((__u32)st->seq);
  *(__u64 *)(sig + SIGNATURE_TIME_OFFSET) = bpf_cpu_to_be64(realtime);
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

/// A capture of the port runs: a copy of the frame (with its send time) goes to the CPU's next
/// copy slot, which user space reads after the call.
static __always_inline void copy_frame(struct xdp_md *ctx, struct xs_worker *w, __u32 cpu, __u32 len, __u64 realtime) {
  if (w->copied >= XS_COPY_SLOTS) {
    w->copies_lost++;
    return;
  }
  __u32 at = cpu * XS_COPY_SLOTS + (__u32)w->copied;
  struct xs_copy *c = bpf_map_lookup_elem(&copies, &at);
  PIN(len);
  if (!c || len == 0 || len > XS_MAX_FRAME || bpf_xdp_load_bytes(ctx, 0, c->bytes, len)) return;
  c->len = len;
  c->sent_ns = realtime;
  w->copied++;
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
  w->bytes += len + 4;
  if (w->copy) copy_frame(ctx, w, cpu, len, (now ? now : bpf_ktime_get_ns()) + (__u64)cfg->realtime_minus_mono);
  // XDP_TX would be the same: BPF_PROG_RUN turns it into a redirect to the call's device.
  return bpf_redirect_map(&ports, 0, 0);
}

char _license[] SEC("license") = "GPL";
