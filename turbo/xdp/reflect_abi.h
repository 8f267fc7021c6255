/* The reflector's map layout, shared by its BPF program (reflect.bpf.c) and user space
 * (signature_reflector.cpp). Plain C. */
#ifndef STACCATO_TURBO_XDP_REFLECT_ABI_H
#define STACCATO_TURBO_XDP_REFLECT_ABI_H

#include <linux/types.h>

/* How deep the reflector swaps source and destination. */
#define XR_SWAP_L2 1 /* Ethernet addresses */
#define XR_SWAP_L3 2 /* and IPv4 / IPv6 addresses */
#define XR_SWAP_L4 3 /* and UDP / TCP ports */

/* Set by user space; the program reflects nothing until window_ns is set. */
struct xr_config {
  __s64 realtime_minus_mono; /* CLOCK_REALTIME - CLOCK_MONOTONIC: signatures carry realtime */
  __u64 window_ns;           /* |now - send time| beyond it: not a test frame */
  __u32 swap;                /* XR_SWAP_* */
  __u32 pad;
};

/* Per CPU. */
struct xr_port {
  __u64 examined;        /* every frame */
  __u64 reflected;       /* test frames returned (XDP_TX) */
  __u64 reflected_bytes; /* their bytes, without FCS */
};

#endif
