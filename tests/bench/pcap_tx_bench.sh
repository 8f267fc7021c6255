#!/usr/bin/env bash
# pcap backend benchmark: 64- and 1518-byte max rates on one core over a veth pair in a private
# namespace, side by side with trafgen (netsniff-ng, one CPU) and a plain pcap_sendpacket loop,
# interleaved and repeated (min/median/max), with ratios to the plain loop. Frames go to a MAC
# that is not the peer's (cheapest receive; veth runs the receiver's work on the sender's core).
# Usage (root): tests/bench/pcap_tx_bench.sh BUILD_DIR [REPEATS] [COUNT]
set -euo pipefail
build=${1:?build dir}; reps=${2:-5}; count=${3:-1000000}
bench=$build/tests/bench/tx_bench
ns=stc-bench-$$
trap 'ip netns del $ns 2>/dev/null || true; rm -f /tmp/$ns.*.cfg' EXIT
ip netns add $ns
ip -n $ns link add va type veth peer name vb
ip -n $ns link set va up; ip -n $ns link set vb up
trafgen_cfg() {  # a fixed UDP frame of $1 bytes (without FCS) to 02:00:00:00:00:99
  local n=$(( $1 - 42 ))
  echo "{ 0x02,0,0,0,0,0x99, 0x02,0,0,0,0,0x01, 0x08,0x00, 0x45,0, c16($(( $1 - 14 ))), 0,0, 0,0, 64, 17, 0,0, 192,0,2,1, 192,0,2,2, c16(49152), c16(49153), c16($(( n + 8 ))), 0,0, fill(0x00, $n) }" >/tmp/$ns.$1.cfg
}
run() {  # run METHOD LEN -> Mpps
  case $1 in
    plain) ip netns exec $ns taskset -c 0 "$bench" plain va "$2" "$count" ;;
    backend) ip netns exec $ns taskset -c 0 "$bench" pcap va "$2" "$count" ;;
    trafgen)
      trafgen_cfg $(( $2 - 4 ))
      local t0 t1; t0=$(date +%s%N)
      ip netns exec $ns trafgen --dev va --conf /tmp/$ns.$(( $2 - 4 )).cfg --num "$count" --cpus 1 --cpp -q >/dev/null 2>&1 || true
      t1=$(date +%s%N)
      python3 -c "print(f'{$count / (($t1 - $t0) / 1e9) / 1e6:.4f}')" ;;
  esac
}
for len in 64 1518; do
  declare -A r=()
  for ((i = 0; i < reps; i++)); do
    for m in plain backend trafgen; do r[$m]+="$(run $m $len) "; done
  done
  python3 - "$len" "${r[plain]}" "${r[backend]}" "${r[trafgen]}" <<'PY'
import statistics, sys
length = sys.argv[1]
rows = {"plain pcap_sendpacket loop": sys.argv[2], "staccato pcap backend (sig+var+stats)": sys.argv[3], "trafgen, 1 CPU": sys.argv[4]}
base = statistics.median(float(x) for x in sys.argv[2].split())
print(f"\n{length}-byte frames, Mpps (min / median / max), receiver: veth peer, frames to a foreign MAC")
for name, vals in rows.items():
    v = sorted(float(x) for x in vals.split())
    print(f"  {name:40s} {v[0]:.3f} / {statistics.median(v):.3f} / {v[-1]:.3f}   {statistics.median(v) / base:.2f}x plain")
PY
  unset r
done
