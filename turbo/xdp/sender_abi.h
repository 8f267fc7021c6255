/* The in-kernel sender's map layout, shared by the BPF program (sender.bpf.c, C) and user space
 * (sender_maps.cpp, C++): a stream's compiled patch program (TxPlan) as plain data. Plain C,
 * fixed-size fields only; user space translates a TxPlan into these (sender_maps.cpp says what
 * cannot be translated and why). */
#ifndef STACCATO_TURBO_XDP_SENDER_ABI_H
#define STACCATO_TURBO_XDP_SENDER_ABI_H

#include <linux/types.h>

#define XS_MAX_OPS 24          /* ops per stream */
#define XS_MAX_PIECES 64       /* steps of all of a stream's checksum updates */
#define XS_MAX_LENGTH_FIELDS 8 /* length fields a varying frame length rewrites */
#define XS_MAX_SLOTS 16        /* cursor slots (kMaxPatchSlots) */
#define XS_MAX_FRAME 3328      /* bytes without FCS: what one live-frames page holds */
#define XS_SUM_CHUNK 512       /* bytes per bpf_csum_diff call of a full checksum */
/* The checksum ops run as one flat list of pieces, in op order. A piece of an RFC 1624 update is
 * a frame offset (low 12 bits) and a size (bits 12-13: 1, 2, 4 or 8 bytes), starting at an even
 * offset of its checksum's region (a 1-byte piece is a range's odd last byte); the op's first
 * piece clears its checksum field first, its last one stores the result. A recompute over a
 * region (full checksum, CRC32c) is one piece of its own (XS_PIECE_OP_WHOLE in piece_op). */
#define XS_PIECE_OFFSET 0xfff
#define XS_PIECE_SHIFT 12
#define XS_PIECE_FIRST 0x4000
#define XS_PIECE_LAST 0x8000
#define XS_PIECE_OP_WHOLE 0x80
#define XS_STAMP_EVERY 8       /* frames between two reads of the clock (see the program) */
#define XS_STEP_UNMEASURED 0xffffffffffffffffULL /* stamp_step_ns before a call measured one */
#define XS_MAX_SPINS 4096      /* clock reads while waiting for a paced frame's time */
#define XS_COPY_SLOTS 32       /* copies of sent frames per CPU between two reads (captures) */

enum xs_kind {
  XS_SET_LENGTH = 1,
  XS_VAR_SEQUENCE,
  XS_VAR_RANDOM,
  XS_VAR_LIST,
  XS_SIGNATURE,
  XS_CHECKSUM_DELTA,
  XS_CHECKSUM_FULL,
  XS_CRC32C,
};

/* CRC32c's slicing-by-8 tables (common/core/crc32c.h), filled by user space. */
struct xs_crc_tables {
  __u32 t[8][256];
};

struct xs_op {
  __u8 kind;
  __u8 slot;
  __u8 bytes;       /* window size, 1..8 */
  __u8 shift;
  __u16 offset;     /* window offset */
  __u16 csum_offset;
  __u16 region_start;
  __u16 region_end; /* kCrc32c: one past the last covered byte; 0 = the frame's end */
  __u8 zero_as_ones;
  __u8 pseudo_kind; /* 0 none, 1 IPv4, 2 IPv6 (PseudoHeader::Kind) */
  __u16 pseudo_src;
  __u16 pseudo_dst;
  __u8 pseudo_len;
  __u8 pseudo_protocol;
  __u32 csum_constant;
  __u64 field_mask;
  __u64 template_bits;
  __u64 start;      /* sequence start; list: first index into the stream's list values */
  __u64 step;
  __u64 count;
};

struct xs_length_field {
  __u16 offset;
  __u16 base;
};

struct xs_stream {
  __u32 op_count;       /* ops [0, op_count) but checksums, which are pieces */
  __u32 piece_count;
  __u16 template_len;
  __u16 stream_id;
  __u64 seed;
  __u32 list_base;    /* the stream's first entry in the list_values map */
  __u32 table_base;   /* the stream's first entry in the length_table map */
  __u32 table_count;  /* 0: lengths are uniform random in [length_min, length_max] */
  __u16 length_min, length_max;
  __u8 length_random;
  __u8 restore_template;
  __u8 length_field_count;
  __u8 pad;
  struct xs_length_field length_fields[XS_MAX_LENGTH_FIELDS];
  __u16 pieces[XS_MAX_PIECES];
  __u8 piece_op[XS_MAX_PIECES]; /* the op a piece belongs to, | XS_PIECE_OP_WHOLE for a recompute */
  struct xs_op ops[XS_MAX_OPS];
};

/* One stream's per-CPU state: PatchState, plus the stream's transmit counters on this CPU. */
struct xs_state {
  __u64 generation;
  __u64 cursor[XS_MAX_SLOTS];
  __u64 rng;
  __u64 seq;
  __u64 seq_step;
  __u64 stride;
  __u64 length_cursor;
  __u64 magic; /* the lane's magic, big-endian in the low 16 bits as written */
  __u64 packets;
  __u64 bytes; /* with FCS */
};

/* A worker's call, in a memory-mapped array indexed by CPU: the worker (pinned to that CPU)
 * writes which stream and where its share of the stream's current run starts before each
 * BPF_PROG_RUN; the program counts. A stream state whose generation differs is set up from it
 * first (makePatchState's rules). Only that CPU touches its entry. */
struct xs_worker {
  __u32 active;      /* 0: the CPU runs no call of ours: leave frames alone */
  __u32 generation;  /* bumped by the worker at each run start */
  __u16 stream;
  __u8 lane;         /* the signature lane (lane_mode) */
  __u8 lane_mode;    /* 1: sequences count per lane from lane_first; 0: the stream's numbering */
  __u16 stride;      /* workers sending the stream: this one sends first, first+stride, ... */
  __u16 pad0;
  __u64 first;
  __u64 lane_first;
  __u64 sent;        /* frames sent since user space last reset it */
  __u64 limit;       /* frames beyond it are dropped, not sent */
  __u64 interval_ns; /* in-program pacing: 0 = none */
  __u64 next_due_ns; /* CLOCK_MONOTONIC time of the next frame when paced */
  __u64 early;       /* frames dropped because they were early */
  __u64 stamp_ns;    /* the clock at the last read, and how many frames were stamped since */
  __u64 stamp_frames;
  __u64 stamp_step_ns; /* the smallest spacing this call measured: later stamps are extrapolated with it */
  __u64 bytes;       /* bytes (with FCS) of the frames sent since user space last reset it */
  __u64 copied;      /* copies in this CPU's slots since user space took them (copy on) */
  __u32 copy;        /* 1: copy every frame sent (a capture of the port runs) */
  __u32 copies_lost; /* frames sent while the slots were full */
  __u64 pad1[1];     /* two cache lines: CPUs never share one */
};

/* A copy of a sent frame, for a capture (XS_COPY_SLOTS per CPU, in a memory-mapped array). */
struct xs_copy {
  __u32 len;
  __u32 pad;
  __u64 sent_ns; /* CLOCK_REALTIME */
  __u8 bytes[XS_MAX_FRAME];
};

struct xs_config {
  __s64 realtime_minus_mono; /* signatures carry CLOCK_REALTIME; the program has the monotonic one */
};

#endif
