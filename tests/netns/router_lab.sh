# Sourced by the router tests: lab.sh's drone namespace (ports va, vb) plus a DUT namespace
# holding a Linux router: va <-> da (10.0.0.1/24, 2001:db8:0::1/64) and vb <-> db (10.0.1.1/24,
# 2001:db8:1::1/64), IPv4 and IPv6 forwarding on. Both namespaces go on exit, even on failure;
# nothing touches the host's interfaces.
source "$(dirname "${BASH_SOURCE[0]}")/lab.sh"
DUT_NS="stc-dut-$$-$RANDOM"
router_cleanup() {
  ip netns pids "$DUT_NS" 2>/dev/null | xargs -r kill 2>/dev/null || true
  ip netns del "$DUT_NS" 2>/dev/null || true
  lab_cleanup
}
trap router_cleanup EXIT
in_dut() { ip netns exec "$DUT_NS" "$@"; }

router_up() {
  if [[ $EUID -ne 0 ]]; then echo "SKIP: network namespaces need root"; exit 77; fi
  ip netns add "$LAB_NS"
  ip netns add "$DUT_NS"
  in_lab ip link set lo up
  in_dut ip link set lo up
  # The drone's side: no addresses and no IPv6 of the kernel's own (the drone's hosts speak there).
  in_lab sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1
  in_dut sysctl -qw net.ipv4.ip_forward=1 net.ipv6.conf.all.forwarding=1 net.ipv6.conf.default.accept_dad=0
  local port peer
  for pair in va:da vb:db; do
    port=${pair%:*} peer=${pair#*:}
    in_lab ip link add "$port" numtxqueues "$LAB_QUEUES" numrxqueues "$LAB_QUEUES" type veth \
      peer name "$peer" numtxqueues "$LAB_QUEUES" numrxqueues "$LAB_QUEUES" netns "$DUT_NS"
    in_lab ip link set "$port" up
    in_dut sysctl -qw "net.ipv6.conf.$peer.accept_dad=0"
    in_dut ip link set "$peer" up
  done
  # The router's MACs end like signature magics (lane 0's 5a:7c, lane 1's 5b:01), so the last
  # 16 bytes of its ARP requests start with one: receivers must still leave them to the hosts.
  in_dut ip link set da address 02:00:00:00:5a:7c
  in_dut ip link set db address 02:00:00:00:5b:01
  in_dut ip addr add 10.0.0.1/24 dev da
  in_dut ip addr add 2001:db8:0::1/64 dev da nodad
  in_dut ip addr add 10.0.1.1/24 dev db
  in_dut ip addr add 2001:db8:1::1/64 dev db nodad
}

# mac_of NS IFACE
mac_of() { ip netns exec "$1" cat "/sys/class/net/$2/address"; }
