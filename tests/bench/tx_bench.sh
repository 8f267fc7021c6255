#!/usr/bin/env bash
# Transmit benchmark: 64- and 1518-byte max rates over a veth pair with 2 queues in a private
# namespace, methods interleaved and repeated (min/median/max), with ratios to a base method.
#   pcap suite:  plain pcap_sendpacket loop (base), Staccato pcap backend, trafgen on 1 CPU
#   turbo suite: bare libxdp loop (base) and the same on 2 queues (the ceiling for 2 queues),
#                pcap backend, turbo 1 queue, turbo 2 queues, trafgen on 1 and 2 CPUs;
#                then again with an XDP drop program on the peer
#   xdp suite:   AF_XDP turbo 1 queue (base), AF_XDP turbo 2 queues, the in-kernel engine
#                (turbo-xdp) on 1 and 2 cores, the bare libxdp loop, trafgen on 1 and 2 CPUs on
#                its fast path (packet mmap, not --qdisc-path), every stream with a signature and
#                3 varying fields (udp.srcport, ip.src, ip.id) with their checksums (trafgen: 3
#                varying bytes in the same fields, IPv4 and UDP checksums per frame); XDP drop
#                program on the peer (a veth takes the in-kernel engine's frames only when its
#                peer runs XDP)
# Staccato methods run a stream with a signature, varying fields and live counters. Frames go to
# a MAC that is not the peer's (the cheapest receive; veth runs the receive on the sender's core).
# Usage (root): tests/bench/tx_bench.sh BUILD_DIR [pcap|turbo|xdp] [REPEATS] [COUNT]
set -euo pipefail
build=${1:?build dir}; suite=${2:-pcap}; reps=${3:-5}; count=${4:-1000000}
bench=$build/tests/bench/tx_bench
ns=stc-bench-$$
here=$(cd "$(dirname "$0")" && pwd)
cleanup() {
  ip netns del $ns 2>/dev/null || true
  rm -f /tmp/$ns.*.cfg /tmp/$ns.drop.o
}
trap cleanup EXIT
ip netns add $ns
ip -n $ns link add va numtxqueues 2 numrxqueues 2 type veth peer name vb numtxqueues 2 numrxqueues 2
ip -n $ns link set va up; ip -n $ns link set vb up
fields=1; [[ $suite == xdp ]] && fields=3
trafgen_cfg() {  # a UDP frame of $1 bytes (without FCS) to 02:00:00:00:00:99 (xdp suite: 3 varying bytes, checksums)
  local n=$(( $1 - 42 ))
  if ((fields == 3)); then
    echo "{ 0x02,0,0,0,0,0x99, 0x02,0,0,0,0,0x01, 0x08,0x00, 0x45,0, c16($(( $1 - 14 ))), 0,dinc(0, 255), 0,0, 64, 17, csumip(14, 33), 192,0,2,dinc(1, 250), 192,0,2,2, 0xc0,dinc(0, 255), c16(49153), c16($(( n + 8 ))), csumudp(14, 34), fill(0x00, $n) }" >/tmp/$ns.$1.cfg
  else
    echo "{ 0x02,0,0,0,0,0x99, 0x02,0,0,0,0,0x01, 0x08,0x00, 0x45,0, c16($(( $1 - 14 ))), 0,0, 0,0, 64, 17, 0,0, 192,0,2,1, 192,0,2,2, c16(49152), c16(49153), c16($(( n + 8 ))), 0,0, fill(0x00, $n) }" >/tmp/$ns.$1.cfg
  fi
}
tx_packets() { ip netns exec $ns cat "/sys/class/net/$1/statistics/tx_packets"; }
run() {  # run METHOD LEN -> Mpps (nan when it failed)
  case $1 in
    plain) ip netns exec $ns taskset -c 0 "$bench" plain va "$2" "$count" ;;
    bare-xsk) ip netns exec $ns "$bench" bare-xsk va "$2" "$count" 1 ;;
    bare-xsk2) ip netns exec $ns "$bench" bare-xsk va "$2" "$count" 2 ;;
    pcap) ip netns exec $ns "$bench" pcap va "$2" "$count" 1 $fields ;;
    turbo1) ip netns exec $ns "$bench" turbo va "$2" "$count" 1 $fields ;;
    turbo2) ip netns exec $ns "$bench" turbo va "$2" "$count" 2 $fields ;;
    xdp1) ip netns exec $ns "$bench" xdp va "$2" "$count" 1 $fields ;;
    xdp2) ip netns exec $ns "$bench" xdp va "$2" "$count" 2 $fields ;;
    trafgen1|trafgen2)
      # Rated by what left va (its kernel counter), not what trafgen was asked for: a trafgen
      # that stops early must not look fast.
      trafgen_cfg $(( $2 - 4 ))
      local cpus=${1#trafgen} t0 t1 p0 p1; p0=$(tx_packets va); t0=$(date +%s%N)
      ip netns exec $ns trafgen --dev va --conf /tmp/$ns.$(( $2 - 4 )).cfg --num "$count" --cpus "$cpus" >/dev/null 2>&1 || true
      t1=$(date +%s%N); p1=$(tx_packets va)
      if (( p1 - p0 < count )); then echo "trafgen sent $(( p1 - p0 )) of $count frames" >&2; echo nan; return; fi
      python3 -c "print(f'{$count / (($t1 - $t0) / 1e9) / 1e6:.4f}')" ;;
  esac
}
case $suite in
  pcap) methods=(plain pcap trafgen1) ;;
  turbo) methods=(bare-xsk bare-xsk2 pcap turbo1 turbo2 trafgen1 trafgen2) ;;
  xdp) methods=(turbo1 turbo2 xdp1 xdp2 bare-xsk trafgen1 trafgen2) ;;
  *) echo "suite: pcap, turbo or xdp" >&2; exit 2 ;;
esac
receivers=("veth peer, frames to a foreign MAC")
[[ $suite == turbo ]] && receivers+=("XDP drop program on the peer")
[[ $suite == xdp ]] && receivers=("XDP drop program on the peer")
for receiver in "${receivers[@]}"; do
  if [[ $receiver == XDP* ]]; then
    clang -O2 -target bpf -I/usr/include/$(gcc -dumpmachine) -c "$here/xdp_drop.c" -o /tmp/$ns.drop.o
    ip -n $ns link set dev vb xdp obj /tmp/$ns.drop.o sec xdp
  fi
  for len in 64 1518; do
    declare -A r=()
    for ((i = 0; i < reps; i++)); do
      for m in "${methods[@]}"; do r[$m]+="$(run $m $len) "; done
    done
    args=()
    for m in "${methods[@]}"; do args+=("$m" "${r[$m]}"); done
    python3 - "$len" "$receiver" "${args[@]}" <<'PY'
import statistics, sys
names = {"plain": "plain pcap_sendpacket loop", "bare-xsk": "bare libxdp tx loop (copy mode)",
         "bare-xsk2": "bare libxdp tx loop, 2 queues",
         "pcap": "staccato pcap backend", "turbo1": "staccato turbo, 1 queue", "turbo2": "staccato turbo, 2 queues",
         "xdp1": "staccato in-kernel, 1 core", "xdp2": "staccato in-kernel, 2 cores",
         "trafgen1": "trafgen, 1 CPU", "trafgen2": "trafgen, 2 CPUs"}
length, receiver, rest = sys.argv[1], sys.argv[2], sys.argv[3:]
rows = [(rest[i], sorted(v for v in (float(x) for x in rest[i + 1].split()) if v == v))  # nan: a failed run
        for i in range(0, len(rest), 2)]
rows = [(m, v) for m, v in rows if v or print(f"  ({m}: every run failed)")]
base_name, base_vals = rows[0]
base = statistics.median(base_vals)
print(f"\n{length}-byte frames, Mpps min / median / max; receiver: {receiver}")
for m, v in rows:
    print(f"  {names[m]:34s} {v[0]:.3f} / {statistics.median(v):.3f} / {v[-1]:.3f}   {statistics.median(v) / base:.2f}x {base_name}")
med = {m: statistics.median(v) for m, v in rows}
scaling = [f"{label} {med[two] / med[one]:.2f}x" for label, one, two in
           (("turbo", "turbo1", "turbo2"), ("in-kernel", "xdp1", "xdp2"), ("bare loop", "bare-xsk", "bare-xsk2"),
            ("trafgen", "trafgen1", "trafgen2"))
           if one in med and two in med]
if scaling: print("  2 queues / 1 queue (medians): " + ", ".join(scaling))
if "xdp1" in med and "turbo1" in med:
    print(f"  in-kernel 1 core / AF_XDP turbo 1 queue: {med['xdp1'] / med['turbo1']:.2f}x (target >= 3.5x); "
          f"in-kernel 2 cores / 1 core: {med.get('xdp2', float('nan')) / med['xdp1']:.2f}x (target >= 1.8x)")
PY
    unset r
  done
done
