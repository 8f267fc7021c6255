/* The in-kernel receive counter's map layout, shared by its BPF program (signature_count.bpf.c)
 * and user space (signature_counter.cpp). Plain C. */
#ifndef STACCATO_TURBO_XDP_COUNT_ABI_H
#define STACCATO_TURBO_XDP_COUNT_ABI_H

#include <linux/bpf.h>
#include <linux/types.h>

#define XC_LANES 64          /* signature lanes with sequence accounting, per stream */
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
  __u32 pad;
};

/* Per CPU and stream. Times are CLOCK_REALTIME ns. */
struct xc_stream {
  __u64 packets;
  __u64 bytes; /* with FCS */
  __u64 first_ns, last_ns; /* arrivals */
  __u64 latency_count, latency_sum_ns, latency_min_ns, latency_max_ns;
  __u64 untracked;         /* frames of lanes >= XC_LANES: counted, not sequenced */
  __u64 lanes_seen;        /* bit l: lane l had frames here (readers read only those lanes) */
};

/* Per CPU and stream: latency samples by bucket (rpc::latencyBucketOf with XC_SUB_BITS). */
struct xc_histogram {
  __u64 buckets[XC_BUCKETS];
};

/* Per stream and lane, shared by the CPUs under its lock: SequenceTracker's state and RFC 3550
 * jitter over the lane's arrivals. */
struct xc_lane {
  struct bpf_spin_lock lock;
  __u32 started;
  __u64 highest;
  __u64 unique, duplicates, reordered;
  __s64 last_transit_ns;
  __u64 jitter_x16_ns; /* J * 16 */
  __u64 window[XC_WINDOW_WORDS];
  __u64 block[XC_WINDOW_WORDS];
};

/* Per CPU, the port: what the program looked at. */
struct xc_port {
  __u64 examined;     /* every frame */
  __u64 counted;      /* signature frames of known streams */
  __u64 unknown;      /* signature-looking frames of streams nobody asked for */
};

#endif
