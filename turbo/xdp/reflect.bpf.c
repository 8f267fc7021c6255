// The reflector: a frame whose last 16 bytes are a signature trailer (a lane's magic and a send
// time within the window of now) goes back out of the port it came in on (XDP_TX) with its
// source and destination swapped: Ethernet addresses, then (as configured) IPv4 / IPv6 addresses
// and UDP / TCP ports, behind up to two VLAN tags. Swapping two fields of a sum leaves every
// checksum as it was. Everything else (ARP, ping, other traffic) goes on to the kernel untouched.
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/in.h>
#include <bpf/bpf_helpers.h>

#include "turbo/bpf/signature_wire.h"
#include "turbo/xdp/reflect_abi.h"

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, struct xr_config);
} config SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, struct xr_port);
} port SEC(".maps");

static __always_inline void swap_bytes(__u8 *a, __u8 *b, int n) {
#pragma unroll
  for (int i = 0; i < 16; i++) {
    if (i < n) {
      __u8 t = a[i];
      a[i] = b[i];
      b[i] = t;
    }
  }
}

static __always_inline __u64 load_be64(const __u8 *p) {
  __u64 v = 0;
#pragma unroll
  for (int i = 0; i < 8; i++) v = v << 8 | p[i];
  return v;
}

/// Swaps the ports of the UDP or TCP header at `l4` (protocol `proto`), when it is there.
static __always_inline void swap_ports(__u8 *l4, void *end, __u8 proto) {
  if (proto != IPPROTO_UDP && proto != IPPROTO_TCP) return;
  if ((void *)(l4 + 4) > end) return;
  swap_bytes(l4, l4 + 2, 2);
}

/// Swaps the addresses (and, `swap` L4, the ports) of the IP packet at `l3` of type `proto`.
static __always_inline void swap_ip(__u8 *l3, void *end, __u16 proto, __u32 swap) {
  if (proto == ETH_P_IP) {
    if ((void *)(l3 + 20) > end) return;
    swap_bytes(l3 + 12, l3 + 16, 4);
    const __u32 ihl = (l3[0] & 0x0f) * 4u;
    const int first_fragment = ((l3[6] & 0x1f) | l3[7]) == 0;  // the ports are in the first only
    if (swap >= XR_SWAP_L4 && ihl >= 20 && first_fragment) swap_ports(l3 + ihl, end, l3[9]);
  } else if (proto == ETH_P_IPV6) {
    if ((void *)(l3 + 40) > end) return;
    swap_bytes(l3 + 8, l3 + 24, 16);
    if (swap >= XR_SWAP_L4) swap_ports(l3 + 40, end, l3[6]);  // no extension headers
  }
}

SEC("xdp")
int staccato_reflect(struct xdp_md *ctx) {
  __u32 zero = 0;
  struct xr_port *ps = bpf_map_lookup_elem(&port, &zero);
  struct xr_config *cfg = bpf_map_lookup_elem(&config, &zero);
  if (!ps || !cfg) return XDP_PASS;
  ps->examined++;
  void *data = (void *)(long)ctx->data;
  void *end = (void *)(long)ctx->data_end;
  __u64 len = bpf_xdp_get_buff_len(ctx);
  if (len < ETH_HLEN + SIGNATURE_BYTES || cfg->window_ns == 0) return XDP_PASS;
  __u8 *sig = (__u8 *)data + ((len - SIGNATURE_BYTES) & 0x3fff);
  if ((void *)(sig + SIGNATURE_BYTES) > end) return XDP_PASS;  // multi-buffer frame: not ours
  if (SIGNATURE_LANE(sig) < 0) return XDP_PASS;
  const __s64 age = (__s64)(bpf_ktime_get_ns() + (__u64)cfg->realtime_minus_mono - load_be64(sig + SIGNATURE_TIME_OFFSET));
  if (age > (__s64)cfg->window_ns || age < -(__s64)cfg->window_ns) return XDP_PASS;  // only ends like one

  __u8 *eth = data;
  if ((void *)(eth + ETH_HLEN) > end) return XDP_PASS;
  __u8 *l3 = eth + ETH_HLEN;
  __u16 proto = (__u16)(eth[12] << 8 | eth[13]);
#pragma unroll
  for (int tag = 0; tag < 2; tag++) {  // 802.1Q / 802.1ad
    if (proto != ETH_P_8021Q && proto != ETH_P_8021AD) break;
    if ((void *)(l3 + 4) > end) return XDP_PASS;
    proto = (__u16)(l3[2] << 8 | l3[3]);
    l3 += 4;
  }
  swap_bytes(eth, eth + ETH_ALEN, ETH_ALEN);
  if (cfg->swap >= XR_SWAP_L3) swap_ip(l3, end, proto, cfg->swap);
  ps->reflected++;
  ps->reflected_bytes += len;
  return XDP_TX;
}

char _license[] SEC("license") = "GPL";
