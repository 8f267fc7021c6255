// In-kernel receive counting, in the driver (XDP) or at tc ingress (tcx): a frame whose last 16 bytes are a signature trailer
// (a lane's magic, a stream id user space registered, a send time within the window of now) is
// counted here and dropped (or passed on, on request); everything else goes on to the kernel
// untouched. Counters are per CPU and stream (packets, bytes, first/last arrival, latency sum,
// min, max and histogram in LatencyHistogram's bucket layout), and so are sequence accounting
// (loss, duplicates, reordering: SequenceTracker's rules) and RFC 3550 jitter, per lane; user
// space sums the CPUs (see struct xc_lane). No lock (a BPF spin lock saves and restores
// interrupts: a third of the frame's cost here), no frame copied.
#include <linux/bpf.h>
#include <linux/pkt_cls.h>
#include <bpf/bpf_helpers.h>

#include "turbo/bpf/signature_wire.h"
#include "turbo/xdp/count_abi.h"

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, XC_STREAM_IDS);
  __type(key, __u32);    // stream id
  __type(value, __u32);  // its slot + 1; 0: not counted
} slots SEC(".maps");

// Counting every stream id seen (xc_config.auto_slots): the program takes the next slot for an id
// it has not seen, notes the id there, and claims the id's entry in `slots` (a race between CPUs
// loses a slot, nothing else).
struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 1);  // streams
  __type(key, __u32);      // slot
  __type(value, __u32);    // the stream id the program took it for
} slot_ids SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, __u32);  // slots taken so far (by user space or the program; may pass the end)
} next_slot SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, struct xc_stream);
} stream_stats SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, struct xc_histogram);
} histograms SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
  __uint(max_entries, 1);  // streams * lanes
  __type(key, __u32);
  __type(value, struct xc_lane);
} lanes SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, struct xc_config);
} config SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, struct xc_port);
} port SEC(".maps");

static __always_inline __u64 load_be(const __u8 *p, int bytes) {
  __u64 v = 0;
#pragma unroll
  for (int i = 0; i < 8; i++)
    if (i < bytes) v = v << 8 | p[i];
  return v;
}

/// rpc::latencyBucketOf(ns, XC_SUB_BITS), capped at the last bucket.
static __always_inline __u32 bucket_of(__u64 ns) {
  if (ns < (1u << XC_SUB_BITS)) return (__u32)ns;
  __u32 e = 0;
  __u64 x = ns;
  if (x >> 32) e += 32, x >>= 32;
  if (x >> 16) e += 16, x >>= 16;
  if (x >> 8) e += 8, x >>= 8;
  if (x >> 4) e += 4, x >>= 4;
  if (x >> 2) e += 2, x >>= 2;
  if (x >> 1) e += 1;
  __u64 n = 1u << XC_SUB_BITS;
  __u64 b = n + (__u64)(e - XC_SUB_BITS) * n + ((ns >> (e - XC_SUB_BITS)) & (n - 1));
  return b < XC_BUCKETS ? (__u32)b : XC_BUCKETS - 1;
}

/// Whether `seq` was seen (it is within the window of the highest), and marks it seen.
static __always_inline int seen_and_mark(struct xc_lane *l, __u64 seq) {
  __u32 block = (__u32)(seq / 64);
  __u64 bit = 1ull << (seq % 64);
  __u32 w = block % XC_WINDOW_WORDS;
  if (l->block[w] != block) {  // the word holds an older block: nothing of this one
    l->block[w] = block;
    l->window[w] = bit;
    return 0;
  }
  int seen = (l->window[w] & bit) != 0;
  l->window[w] |= bit;
  return seen;
}

/// SequenceTracker::onPacket on this CPU's view of the lane. 1 when the frame is a duplicate.
static __always_inline int sequence(struct xc_lane *l, __u32 wire, __s64 transit) {
  int duplicate = 0;
  __u64 seq = l->started ? l->highest + (__s64)(__s32)(wire - (__u32)l->highest) : wire;
  if (!l->started || seq > l->highest) {
    seen_and_mark(l, seq);
    l->started = 1;
    l->highest = seq;
    l->unique++;
  } else if (l->highest - seq < XC_WINDOW && seen_and_mark(l, seq)) {
    l->duplicates++;
    duplicate = 1;
  } else {  // late (older than the window: late, as most likely)
    l->unique++;
    l->reordered++;
  }
  if (!duplicate) {  // RFC 3550 6.4.1: J += (|D| - J) / 16, over the lane's arrivals
    if (l->unique > 1) {
      __s64 d = transit - l->last_transit_ns;
      __u64 ad = d < 0 ? (__u64)-d : (__u64)d;
      l->jitter_x16_ns += ad - l->jitter_x16_ns / 16;
    }
    l->last_transit_ns = transit;
  }
  return duplicate;
}

/// A slot for stream `id` (whose entry in `slots` is `slot`), taken now: its value (slot + 1), or 0
/// when every slot is taken.
static __always_inline __u32 take_slot(__u32 *slot, __u32 id, const struct xc_config *cfg) {
  __u32 zero = 0;
  __u32 *next = bpf_map_lookup_elem(&next_slot, &zero);
  if (!next || *next >= cfg->auto_slots) return 0;
  __u32 n = __sync_fetch_and_add(next, 1);
  if (n >= cfg->auto_slots) return 0;
  __u32 *owner = bpf_map_lookup_elem(&slot_ids, &n);
  if (!owner) return 0;
  *owner = id;
  __u32 old = __sync_val_compare_and_swap(slot, 0, n + 1);
  return old ? old : n + 1;
}

/// Counts a frame of `len` bytes (without FCS) whose last 16 bytes are at `sig` (the packet, or a
/// copy): 1 when it is a signature frame of a counted stream (drop it, unless counted frames are
/// passed on), 0 when it is the kernel's.
static __always_inline int count_frame(const __u8 *sig, __u64 len, struct xc_port *ps, const struct xc_config *cfg) {
  const int magic = SIGNATURE_LANE(sig);
  if (magic < 0) return 0;
  __u32 lane = (__u32)magic;
  __u64 arrival = bpf_ktime_get_ns() + (__u64)cfg->realtime_minus_mono;
  __u64 sent = load_be(sig + SIGNATURE_TIME_OFFSET, 8);
  __s64 transit = (__s64)(arrival - sent);
  __s64 window = (__s64)cfg->window_ns;
  if (transit > window || transit < -window) return 0;  // a frame that only ends like one
  __u32 id = (__u32)load_be(sig + SIGNATURE_STREAM_ID_OFFSET, 2);
  __u32 *slot = bpf_map_lookup_elem(&slots, &id);
  if (!slot) return 0;
  __u32 taken = *slot;
  if (taken == 0 && cfg->auto_slots) taken = take_slot(slot, id, cfg);
  if (taken == 0) {
    ps->unknown++;
    return 0;
  }
  __u32 at = taken - 1;
  struct xc_stream *st = bpf_map_lookup_elem(&stream_stats, &at);
  if (!st) return 0;
  ps->counted++;
  st->packets++;
  st->bytes += len + 4;
  if (st->first_ns == 0) st->first_ns = arrival;
  st->last_ns = arrival;
  int duplicate = 0;
  if (lane < cfg->lanes && lane < XC_MAX_LANES) {
    __u32 key = at * cfg->lanes + lane;
    st->lanes_seen |= 1ull << lane;
    struct xc_lane *l = bpf_map_lookup_elem(&lanes, &key);
    if (l) duplicate = sequence(l, (__u32)load_be(sig + SIGNATURE_SEQ_OFFSET, 4), transit);
  } else {
    st->untracked++;
  }
  if (!duplicate) {  // as the drone's receiver: a duplicate's latency is not a sample
    __u64 ns = transit > 0 ? (__u64)transit : 0;
    st->latency_count++;
    st->latency_sum_ns += ns;
    if (st->latency_count == 1 || ns < st->latency_min_ns) st->latency_min_ns = ns;
    if (ns > st->latency_max_ns) st->latency_max_ns = ns;
    struct xc_histogram *h = bpf_map_lookup_elem(&histograms, &at);
    if (h) h->buckets[bucket_of(ns)]++;
  }
  return 1;
}

SEC("xdp")
int staccato_signature_count(struct xdp_md *ctx) {
  __u32 zero = 0;
  struct xc_port *ps = bpf_map_lookup_elem(&port, &zero);
  struct xc_config *cfg = bpf_map_lookup_elem(&config, &zero);
  if (!ps || !cfg) return XDP_PASS;
  ps->examined++;
  void *data = (void *)(long)ctx->data;
  void *end = (void *)(long)ctx->data_end;
  __u64 len = bpf_xdp_get_buff_len(ctx);
  if (len < 14 + SIGNATURE_BYTES || cfg->window_ns == 0) return XDP_PASS;
  __u8 *sig = (__u8 *)data + ((len - SIGNATURE_BYTES) & 0x3fff);
  if ((void *)(sig + SIGNATURE_BYTES) > end) return XDP_PASS;  // multi-buffer frame: not ours
  return count_frame(sig, len, ps, cfg) && !cfg->pass_counted ? XDP_DROP : XDP_PASS;
}

/// The same at tc ingress (tcx), for skbs: no XDP program on the port, so a veth does not copy
/// every skb a sender hands it into a page of its own first. The packet taps (tcpdump) have seen
/// the frame already.
SEC("tc")
int staccato_signature_count_tc(struct __sk_buff *skb) {
  __u32 zero = 0;
  struct xc_port *ps = bpf_map_lookup_elem(&port, &zero);
  struct xc_config *cfg = bpf_map_lookup_elem(&config, &zero);
  if (!ps || !cfg) return TC_ACT_OK;
  ps->examined++;
  __u64 len = skb->len;  // from the Ethernet header on, at tc
  __u8 sig[SIGNATURE_BYTES];
  if (len < 14 + SIGNATURE_BYTES || cfg->window_ns == 0 ||
      bpf_skb_load_bytes(skb, (__u32)(len - SIGNATURE_BYTES), sig, SIGNATURE_BYTES))
    return TC_ACT_OK;
  return count_frame(sig, len, ps, cfg) && !cfg->pass_counted ? TC_ACT_SHOT : TC_ACT_OK;
}

char _license[] SEC("license") = "GPL";
