// The benchmark's receiver at its cheapest: drop every frame in the driver (XDP).
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC("xdp")
int xdp_drop_all(struct xdp_md *ctx) { return XDP_DROP; }

char _license[] SEC("license") = "GPL";
