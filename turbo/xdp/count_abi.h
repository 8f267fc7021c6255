/* The in-kernel receive counter's map layout, shared by its BPF program (signature_count.bpf.c)
 * and user space (signature_counter.cpp). Plain C. */
#ifndef STACCATO_TURBO_XDP_COUNT_ABI_H
#define STACCATO_TURBO_XDP_COUNT_ABI_H

#include <linux/types.h>

#define XC_MAX_LANES 64      /* signature lanes with sequence accounting, per stream, at most */
#define XC_STREAM_IDS 65536  /* stream ids are 16 bits on the wire */
#define XC_WINDOW 1024       /* SequenceTracker::kWindow */
/* Seen bits of 64 sequence numbers per word, each word tagged with the block (seq / 64) it
 * holds: twice the window, so blocks within it never share a word, and nothing is cleared in a
 * loop (a word tagged with another block holds nothing of this one). */
#define XC_WINDOW_WORDS 32
#define XC_SUB_BITS 6        /* the latency histogram's layout (rpc/stats/latency_bucket_bounds.h) */
/* Buckets below 2^36 ns (68 s): beyond the clock window no frame is counted. */
#define XC_BUCKETS 1984

/* Set by user space; the program counts nothing until window_ns is set. */
struct xc_config {
  __s64 realtime_minus_mono; /* CLOCK_REALTIME - CLOCK_MONOTONIC: signatures carry realtime */
  __u64 window_ns;           /* |arrival - send time| beyond it: not a signature */
  __u32 pass_counted;        /* 1: counted frames go on to the kernel too (tcpdump, captures) */
  __u32 lanes;               /* lanes sequenced per stream (the lanes map's stride), <= XC_MAX_LANES */
  __u32 auto_slots;          /* > 0: the program takes slots below it for new stream ids itself */
  __u32 pad;
};

/* Per CPU and stream. Times are CLOCK_REALTIME ns. */
struct xc_stream {
  __u64 packets;
  __u64 bytes; /* with FCS */
  __u64 first_ns, last_ns; /* arrivals */
  __u64 latency_count, latency_sum_ns, latency_min_ns, latency_max_ns;
  __u64 untracked;         /* frames of lanes >= xc_config.lanes: counted, not sequenced */
  __u64 lanes_seen;        /* bit l: lane l had frames here (readers read only those lanes) */
};

/* Per CPU and stream: latency samples by bucket (rpc::latencyBucketOf with XC_SUB_BITS). */
struct xc_histogram {
  __u64 buckets[XC_BUCKETS];
};

/* Per CPU, stream and lane: SequenceTracker's state and RFC 3550 jitter over the lane's arrivals
 * on that CPU. A lane's frames reach one CPU unless the port spreads them (RSS over varying
 * fields); each CPU then checks the order of what it got (across receive queues, order means
 * nothing, as across lanes), a duplicate lands where its original did (same bytes, same hash),
 * and the reader sums the CPUs: loss = highest seen on any CPU + 1 - unique frames of all. */
struct xc_lane {
  __u32 started;
  __u32 pad;
  __u64 highest;
  __u64 unique, duplicates, reordered;
  __s64 last_transit_ns;
  __u64 jitter_x16_ns; /* J * 16 */
  __u64 window[XC_WINDOW_WORDS];
  __u32 block[XC_WINDOW_WORDS]; /* seq / 64, truncated: blocks within the window never collide */
};

/* Per CPU, the port: what the program looked at. */
struct xc_port {
  __u64 examined;     /* every frame */
  __u64 counted;      /* signature frames of known streams */
  __u64 unknown;      /* signature-looking frames of streams nobody asked for */
};

#endif
