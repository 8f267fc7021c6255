// Turbo receive, in the driver: frames whose last 16 bytes are a signature trailer (a lane's magic
// and a send time within the window of now) go to the AF_XDP socket of their receive queue,
// stamped with the arrival time (CLOCK_MONOTONIC, in the metadata area in front of the frame);
// everything else goes on to the kernel untouched. The time check matters: two bytes of magic
// alone also match other frames now and then (an ARP request from a MAC ending in 5b:01), and a
// frame taken here never reaches the kernel, so the port's emulated hosts would not hear it.
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#include "turbo/bpf/signature_wire.h"

#define META_MAGIC 0x5354414343415430ull  // "STACCAT0": tells user space the stamp is there

struct rx_meta {
  __u64 arrival_ns;
  __u64 magic;
};

struct {
  __uint(type, BPF_MAP_TYPE_XSKMAP);
  __uint(max_entries, 256);
  __type(key, __u32);
  __type(value, __u32);
} xsks SEC(".maps");

// Set by user space (XdpProgram::setSignatureClock) before any queue is bound, and kept current.
struct signature_clock {
  __s64 realtime_minus_mono;  // CLOCK_REALTIME - CLOCK_MONOTONIC: signatures carry realtime
  __u64 window_ns;            // |arrival - send time| beyond it: not a signature; 0 = take nothing
};

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, struct signature_clock);
} signature_clock SEC(".maps");

static __always_inline int plausible_send_time(const __u8 *stamp, __u64 now) {
  __u32 zero = 0;
  const struct signature_clock *clock = bpf_map_lookup_elem(&signature_clock, &zero);
  if (!clock || clock->window_ns == 0) return 0;
  __u64 sent = 0;
#pragma unroll
  for (int i = 0; i < 8; i++) sent = sent << 8 | stamp[i];  // big-endian on the wire
  const __s64 delta = (__s64)(now + (__u64)clock->realtime_minus_mono - sent);
  const __s64 window = (__s64)clock->window_ns;
  return delta <= window && delta >= -window;
}

SEC("xdp")
int staccato_signature_redirect(struct xdp_md *ctx) {
  void *data = (void *)(long)ctx->data;
  void *end = (void *)(long)ctx->data_end;
  __u64 len = bpf_xdp_get_buff_len(ctx);
  if (len < 14 + SIGNATURE_BYTES) return XDP_PASS;
  // The mask bounds the offset for the verifier; the end check below proves it is in the frame.
  __u64 off = (len - SIGNATURE_BYTES) & 0x3fff;
  __u8 *sig = (__u8 *)data + off;
  if ((void *)(sig + SIGNATURE_BYTES) > end) return XDP_PASS;  // multi-buffer frame: not ours
  if (SIGNATURE_LANE(sig) < 0) return XDP_PASS;
  const __u64 now = bpf_ktime_get_ns();
  if (!plausible_send_time(sig + SIGNATURE_TIME_OFFSET, now)) return XDP_PASS;

  if (bpf_xdp_adjust_meta(ctx, -(int)sizeof(struct rx_meta)) == 0) {
    struct rx_meta *meta = (void *)(long)ctx->data_meta;
    if ((void *)(meta + 1) <= (void *)(long)ctx->data) {
      meta->arrival_ns = now;
      meta->magic = META_MAGIC;
    }
  }
  // No socket on this queue: pass it on rather than drop it.
  return bpf_redirect_map(&xsks, ctx->rx_queue_index, XDP_PASS);
}

char _license[] SEC("license") = "GPL";
