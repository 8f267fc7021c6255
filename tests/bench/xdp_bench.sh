#!/usr/bin/env bash
# In-kernel engine benchmark: the in-kernel sender (turbo/xdp) on 1 and 2 cores against AF_XDP
# turbo on 1 and 2 queues, 64- and 1518-byte frames, each stream with a signature, three varying
# fields and their checksum updates. A veth pair with two queues in a private namespace; the
# peer drops every frame in its driver (XDP), and its kernel rx counter is what is counted.
# A bare in-kernel run (a fixed frame, nothing built) shows the path's ceiling. Methods run
# interleaved, REPEATS times; min / median / max and ratios of medians. Then with
# tracking at both ends (the in-kernel receive counter on the peer instead of the drop): as fast
# as possible, and paced (the rate the counter saw between its first and last arrival).
# Usage (root): tests/bench/xdp_bench.sh BUILD_DIR [REPEATS] [COUNT]
set -euo pipefail
build=${1:?build dir}; reps=${2:-3}; count=${3:-2000000}
bench=$build/tests/bench/xdp_bench
ns=stc-xdpbench-$$
here=$(cd "$(dirname "$0")" && pwd)
[[ $(id -u) == 0 ]] || { echo "needs root" >&2; exit 77; }
cleanup() {
  ip netns del $ns 2>/dev/null || true
  rm -f /tmp/$ns.drop.o
}
trap cleanup EXIT
ip netns add $ns
ip netns exec $ns sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1  # no stray frames to count
ip -n $ns link add va numtxqueues 2 numrxqueues 2 type veth peer name vb numtxqueues 2 numrxqueues 2
ip -n $ns link set va up; ip -n $ns link set vb up
clang -O2 -target bpf -I/usr/include/$(gcc -dumpmachine) -c "$here/xdp_drop.c" -o /tmp/$ns.drop.o
ip -n $ns link set dev vb xdp obj /tmp/$ns.drop.o sec xdp

methods=(xdp-bare1 xdp1 xdp2 turbo1 turbo2)
for len in 64 1518; do
  declare -A r=()
  for ((i = 0; i < reps; i++)); do
    for m in "${methods[@]}"; do
      out=$(ip netns exec $ns "$bench" "${m%[12]}" va vb "$len" "$count" "${m: -1}" || echo "nan 0")
      read -r mpps got <<<"$out"
      (( got == count )) || { echo "  ($m, $len B: the receiver counted $got of $count)" >&2; mpps=nan; }
      r[$m]+="$mpps "
    done
  done
  args=()
  for m in "${methods[@]}"; do args+=("$m" "${r[$m]}"); done
  python3 - "$len" "${args[@]}" <<'PY'
import statistics, sys
names = {"xdp-bare1": "in-kernel, bare frame, 1 core", "xdp1": "in-kernel engine, 1 core", "xdp2": "in-kernel engine, 2 cores",
         "turbo1": "AF_XDP turbo, 1 queue", "turbo2": "AF_XDP turbo, 2 queues"}
length, rest = sys.argv[1], sys.argv[2:]
rows = {rest[i]: sorted(v for v in (float(x) for x in rest[i + 1].split()) if v == v) for i in range(0, len(rest), 2)}
print(f"\n{length}-byte frames (signature, 3 varying fields, checksums), Mpps min / median / max; peer: XDP drop")
med = {}
for m, v in rows.items():
    if not v:
        print(f"  {names[m]:28s} every run failed"); continue
    med[m] = statistics.median(v)
    print(f"  {names[m]:28s} {v[0]:.3f} / {med[m]:.3f} / {v[-1]:.3f}")
def ratio(label, a, b):
    if a in med and b in med: print(f"  {label:44s} {med[a] / med[b]:.2f}x")
ratio("in-kernel 1 core / AF_XDP turbo 1 queue", "xdp1", "turbo1")
ratio("in-kernel 1 core / its bare-frame ceiling", "xdp1", "xdp-bare1")
ratio("in-kernel 2 cores / in-kernel 1 core", "xdp2", "xdp1")
ratio("in-kernel 2 cores / AF_XDP turbo 2 queues", "xdp2", "turbo2")
PY
  unset r
done

ip -n $ns link set dev vb xdp off  # the receive counter attaches itself
runs() {  # runs LABEL QUEUES [PPS]: the tracked in-kernel sender REPEATS times, 64-byte frames
  local out vals=""
  for ((i = 0; i < reps; i++)); do
    out=$(ip netns exec $ns "$bench" xdp-counted va vb 64 "$count" "$2" ${3:-} || echo "nan 0")
    read -r mpps got <<<"$out"
    (( got == count )) || { echo "  ($1: counted $got of $count)" >&2; mpps=nan; }
    vals+="$mpps "
  done
  python3 - "$1" "${3:-0}" $vals <<'PY'
import statistics, sys
label, asked, v = sys.argv[1], float(sys.argv[2]), sorted(x for x in map(float, sys.argv[3:]) if x == x)
if not v: print(f"  {label:40s} every run failed"); sys.exit()
line = f"  {label:40s} {v[0]:.3f} / {statistics.median(v):.3f} / {v[-1]:.3f}"
if asked: line += f"   median / asked {statistics.median(v) / (asked / 1e6):.4f}"
print(line)
PY
}
echo
echo "Tracking at both ends (in-kernel sender -> in-kernel receive counter), 64 B, every frame counted, Mpps min / median / max:"
runs "fastest, 1 core" 1
runs "fastest, 2 cores" 2
runs "paced at 0.5 Mpps, 1 core" 1 500000
runs "paced at 1 Mpps, 2 cores" 2 1000000
