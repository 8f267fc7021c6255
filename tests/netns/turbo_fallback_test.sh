#!/usr/bin/env bash
# The backend ladder and its reasons: veth gets turbo copy mode (native XDP, no zero-copy); an
# interface without native XDP gets turbo's generic mode; frames larger than turbo sends and a
# drone without AF_XDP fall back to libpcap and say why, unless the in-kernel engine (which needs
# no AF_XDP) can send; forcing turbo where it cannot work is a clear error; nothing stays attached
# to the interfaces afterwards.
# Env: NO_AF_XDP = the LD_PRELOAD shim that hides AF_XDP.
source "$(dirname "$0")/lab.sh"
lab_up
in_lab ip link add br0 type bridge  # a driver without native XDP (this kernel has no dummy)
add_veth vx vy
in_lab ip link set vx master br0
in_lab ip link set vx up
in_lab ip link set vy up
in_lab ip link set br0 up
# The transmit ladder on its own: receive with pcap, so no turbo receiver holds the queues (the
# sharing of a turbo receiver's sockets is tests/netns/turbo_rx_test.sh's).
start_drone --include 'va,vb,br0' --rx-backend pcap
port() { cli ports --json >"$LAB_TMP/ports.json"; json "$LAB_TMP/ports.json" "[(p['backend'], p['backend_reason']) for p in d['ports'] if p['name'] == '$1'][0]"; }
send() {  # send PORT FILE: a short run, then the port's backend and reason
  cli run "$2" --tx "$1" --json >"$LAB_TMP/send.json"
  check "$1: 2000 packets sent" "[s['tx_packets'] for s in d['streams'] if s['tx_port'] == '$1'] == [2000]" "$LAB_TMP/send.json" >&2
  port "$1"
}
expect_backend() {  # expect_backend DESCRIPTION "(name, reason)" NAME REASON_PATTERN
  if [[ $2 == *"'$3'"* && $2 =~ $4 ]]; then echo "ok   $1: $2"; else echo "FAIL $1: got $2, want $3 / $4"; exit 1; fi
}
f=$(stream_file small 2000 20000)
expect_backend "veth" "$(send va "$f")" turbo-copy "AF_XDP copy mode"
expect_backend "bridge (no native XDP)" "$(send br0 "$f")" turbo-generic "driver without native XDP"

big=$(stream_file big 2000 20000)
python3 - "$big" <<'PY'
import json, sys
p = sys.argv[1]; d = json.load(open(p)); d["streams"][0]["frame_length"] = {"fixed": 5000}
json.dump(d, open(p, "w"))
PY
in_lab ip link set va mtu 9000
in_lab ip link set vb mtu 9000
sleep 1.5  # the drone re-reads the MTU
expect_backend "5000-byte frames" "$(send va "$big")" pcap "frames of 4996 bytes are larger than turbo sends"
in_lab ip link set va mtu 1500
in_lab ip link set vb mtu 1500

cli configure va --backend turbo-zerocopy >/dev/null
if cli run "$f" --tx va 2>"$LAB_TMP/err" >/dev/null; then echo "FAIL zero-copy forced on veth worked"; exit 1; fi
expect_error "turbo is not available: zero-copy: driver veth has no AF_XDP zero-copy"
cli configure va --backend pcap >/dev/null
expect_backend "forced pcap" "$(send va "$f")" pcap "forced"
cli configure va --backend auto >/dev/null
stop_drone

# A drone that cannot open AF_XDP sockets: libpcap, with the reason (vb receives with libpcap,
# so va's peer has no XDP program and the in-kernel engine cannot send there either).
ip netns exec "$LAB_NS" env LD_PRELOAD="$NO_AF_XDP" ASAN_OPTIONS=verify_asan_link_order=0 "$DRONE" --listen "$STACCATO_DRONE" --include 'va,vb' --rx-backend pcap >"$LAB_TMP/drone.log" 2>&1 &
DRONE_PID=$!
for _ in $(seq 100); do cli ports >/dev/null 2>&1 && break; sleep 0.1; done
expect_backend "AF_XDP unavailable" "$(send va "$f")" pcap "Address family not supported"
grep -q "libpcap, because turbo is not available" "$LAB_TMP/drone.log" && echo "ok   the drone logs the fallback" || { echo "FAIL no fallback in the log"; cat "$LAB_TMP/drone.log"; exit 1; }
# With vb counting in the kernel (an XDP program on va's peer), the in-kernel engine sends from va
# without any AF_XDP socket.
cli configure vb --rx-backend xdp-count >/dev/null
expect_backend "AF_XDP unavailable, vb counting in the kernel" "$(send va "$f")" turbo-xdp "in-kernel XDP"
cli configure va --backend turbo >/dev/null
if cli run "$f" --tx va 2>"$LAB_TMP/err" >/dev/null; then echo "FAIL turbo forced without AF_XDP worked"; exit 1; fi
expect_error "turbo is not available"
stop_drone

for i in va vb br0; do
  if in_lab ip -d link show "$i" | grep -q "prog/xdp"; then echo "FAIL an XDP program stayed on $i"; exit 1; fi
done
echo "ok   no XDP program left on va, vb, br0"
