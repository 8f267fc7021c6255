#!/usr/bin/env bash
# End-to-end benchmark, tracking on (issue 15): a drone in a private namespace on a veth pair
# va <-> vb driven by `staccato-cli run FILE --tx va --rx vb --json`, as a user runs it, rated
# by the KERNEL's tx counter of va (sampled every 10 ms: packets / time between the counter
# starting to rise and stopping), not by the drone's own counters.
# Per backend (pcap; turbo 1 queue; turbo 2 queues; the veth has as many queues) and frame size
# (64, 1518 B), interleaved over REPEATS rounds:
#   plain    eth/ip/udp/payload to a foreign MAC, FASTEST, tracking off on va and vb
#   tracked  the same + signature + varying udp.srcport, tracking on at both ends; it must count
#            exactly: stream rx == vb's kernel rx == sent, lost 0, reordered 0, incomplete false
# Optional reference rows: trafgen on 1 and 2 CPUs, plain frames (TRAFGEN=0 leaves them out).
# Usage (root): tests/bench/e2e_bench.sh BUILD_DIR [REPEATS] [COUNT_64] [COUNT_1518]
#   env BACKENDS="pcap turbo1 turbo2" to choose: SENDER[-RECEIVER] with SENDER pcap, turbo1,
#   turbo2 (AF_XDP), xdp1, xdp2 (the in-kernel engine on 1, 2 cores) and RECEIVER pcaprx,
#   turborx, xdprx (in-kernel counting in XDP) or tcrx (at tc ingress); without one: pcap receives with pcap, turbo with
#   turbo, xdp with xdp-count. LENGTHS="64 1518" (default both), TRAFGEN=0|1 (default: 1 if
#   trafgen is installed). The in-kernel sender's runs give vb GRO (a veth takes redirected frames
#   only while its peer runs XDP or GRO: plain runs have no receive program).
set -euo pipefail
BUILD=${1:?usage: e2e_bench.sh BUILD_DIR [REPEATS] [COUNT_64] [COUNT_1518]}
reps=${2:-3}; count64=${3:-2000000}; count1518=${4:-500000}
lengths=${LENGTHS:-64 1518}
backends=${BACKENDS:-pcap turbo1 turbo2}
trafgen=${TRAFGEN:-$(command -v trafgen >/dev/null && echo 1 || echo 0)}
[[ $trafgen == 1 ]] && backends+=" trafgen1 trafgen2"
source "$(dirname "$0")/bench_lab.sh"
results=$BENCH_TMP/results  # lines: backend length mode mpps verdict
: >"$results"

# trafgen_run LENGTH COUNT CPUS: trafgen sends COUNT plain frames of LENGTH bytes (with FCS) to the
# foreign MAC; rated like the drone, by va's kernel tx counter. (No -q: in trafgen 0.6.8 it means
# --qdisc-path, the slower path.)
trafgen_run() {
  local n=$(( $1 - 4 - 42 )) cfg=$BENCH_TMP/trafgen.cfg rate
  echo "{ 0x02,0,0,0,0,0x99, 0x02,0,0,0,0,0x01, 0x08,0x00, 0x45,0, c16($(( $1 - 4 - 14 ))), 0,0, 0,0, 64, 17, 0,0, 198,18,0,1, 198,18,0,2, c16(49152), c16(49153), c16($(( n + 8 ))), 0,0, fill(0x00, $n) }" >"$cfg"
  sampler_start
  in_ns trafgen --dev va --conf "$cfg" --num "$2" --cpus "$3" >/dev/null 2>"$BENCH_TMP/trafgen.err" || note "trafgen: $(tail -1 "$BENCH_TMP/trafgen.err")"
  rate=$(sampler_stop)
  echo "$rate $2"
}

# configure_both on|off: receive tracking on va and vb.
configure_both() {
  cli configure va --track-rx "$1" >/dev/null || die "configure va --track-rx $1 failed"
  cli configure vb --track-rx "$1" >/dev/null || die "configure vb --track-rx $1 failed"
}

measure() {  # measure BACKEND LENGTH COUNT ROUND: appends its runs to $results
  local b=$1 len=$2 count=$3 round=$4 mode sig out r verdict
  if [[ $b == trafgen* ]]; then
    r=($(trafgen_run "$len" "$count" "${b#trafgen}"))
    verdict=exact; (( r[0] == count )) || verdict="kernel_tx=${r[0]}"
    echo "$b $len plain ${r[1]} $verdict" >>"$results"
    note "  round $round $b ${len} B plain: ${r[1]} Mpps ($verdict)"
    return
  fi
  for mode in plain tracked; do
    sig=0; [[ $mode == tracked ]] && sig=1
    configure_both "$([[ $mode == tracked ]] && echo on || echo off)"
    stream_file "$BENCH_TMP/s.json" "$len" "$count" FASTEST "$sig"
    out=$BENCH_TMP/run-$b-$len-$mode-$round.json
    r=($(run_stream "$BENCH_TMP/s.json" "$out"))
    if [[ $mode == tracked && ${r[1]} != nan ]]; then
      verdict=$(stream_verdict "$out" "$count" "${r[3]}")
    else  # plain frames: no stream row counts them, the kernel does
      verdict=exact
      (( r[0] == count )) || verdict="kernel_tx=${r[0]}"
      (( r[3] == count )) || verdict+=",kernel_rx=${r[3]}"
      [[ $verdict == exact* ]] && verdict=exact
      [[ ${r[1]} == nan ]] && verdict="run-failed"
    fi
    if [[ ${r[1]} != nan ]] && awk "BEGIN{exit !(${r[2]} < 0.3)}"; then
      note "  (run of ${r[2]} s: too short for 10 ms sampling; raise the count)"
    fi
    echo "$b $len $mode ${r[1]} $verdict" >>"$results"
    note "  round $round $b ${len} B $mode: ${r[1]} Mpps ($verdict)"
  done
}

lab_up
declare -A engines=()
for ((round = 1; round <= reps; round++)); do
  for b in $backends; do
    case ${b%-*} in
      pcap) q=1; args=(--backend pcap --rx-backend pcap) ;;
      turbo1) q=1; args=(--backend turbo --tx-queues 1 --rx-backend turbo) ;;
      turbo2) q=2; args=(--backend turbo --tx-queues 2 --rx-backend turbo) ;;
      xdp1) q=1; args=(--backend turbo-xdp --tx-queues 1 --rx-backend xdp-count) ;;
      xdp2) q=2; args=(--backend turbo-xdp --tx-queues 2 --rx-backend xdp-count) ;;
      trafgen1) q=1 ;;
      trafgen2) q=2 ;;
      *) die "unknown backend $b (pcap, turbo1, turbo2, xdp1, xdp2, each optionally -pcaprx, -turborx, -xdprx)" ;;
    esac
    case $b in
      *-pcaprx) args+=(--rx-backend pcap) ;;
      *-turborx) args+=(--rx-backend turbo) ;;
      *-xdprx) args+=(--rx-backend xdp-count) ;;
      *-tcrx) args+=(--rx-backend tc-count) ;;
    esac
    veth_up "$q"
    [[ $b == xdp* ]] && in_ns ethtool -K vb gro on >/dev/null
    if [[ $b == trafgen* ]]; then
      drone_down
    else
      drone_up "${args[@]}"
    fi
    for len in $lengths; do
      count=$count64; [[ $len == 1518 ]] && count=$count1518
      measure "$b" "$len" "$count" "$round"
    done
    if [[ $b != trafgen* ]]; then
      engines[$b]="va sends with $(port_field va backend), vb receives with $(port_field vb rx_backend)"
    fi
    drone_down
  done
done

echo
echo "End to end: drone + staccato-cli on a veth pair in a namespace, rated by va's kernel tx counter"
echo "($reps interleaved round(s); $count64 frames of 64 B, $count1518 of 1518 B a run; Mpps median [min-max];"
echo " tracked = signature + varying udp.srcport, tracking on at both ends; target >= 0.80x plain)"
for b in $backends; do [[ -z ${engines[$b]:-} ]] || echo "  $b: ${engines[$b]}"; done
"$PY" - "$results" <<'PY'
import statistics, sys
senders = {"pcap": "pcap", "turbo1": "turbo 1 q", "turbo2": "turbo 2 q", "xdp1": "in-kernel 1 core",
           "xdp2": "in-kernel 2 cores", "trafgen1": "trafgen, 1 CPU (ref.)", "trafgen2": "trafgen, 2 CPUs (ref.)"}
receivers = {"pcaprx": "pcap rx", "turborx": "turbo rx", "xdprx": "xdp-count rx", "tcrx": "tc-count rx"}
def label(b):
    s, _, r = b.partition("-")
    return senders[s] + (", " + receivers[r] if r else "")
order = [s + r for s in senders for r in ("", "-pcaprx", "-turborx", "-xdprx", "-tcrx")]
runs = {}
for line in open(sys.argv[1]):
    b, length, mode, mpps, verdict = line.split(maxsplit=4)
    runs.setdefault((b, int(length)), {}).setdefault(mode, []).append((float(mpps), verdict.strip()))
def cell(rs):
    if not rs: return "-", None
    v = sorted(x for x, _ in rs if x == x)  # nan: the run failed
    if not v: return "failed", None
    m = statistics.median(v)
    return f"{m:.3f} [{v[0]:.3f}-{v[-1]:.3f}]", m
print(f"\n{'backend':30s} {'frame':>6s}  {'plain':21s} {'tracked':21s} {'ratio':>12s}  tracked counted exactly")
failures = []
for (b, length), modes in sorted(runs.items(), key=lambda kv: (kv[0][1], order.index(kv[0][0]))):
    (p, pm), (t, tm) = cell(modes.get("plain", [])), cell(modes.get("tracked", []))
    ratio = f"{tm / pm:.2f}x" + (" <0.8" if tm / pm < 0.8 else "") if pm and tm else "-"
    tr = modes.get("tracked", [])
    exact = f"{sum(v == 'exact' for _, v in tr)}/{len(tr)} runs" if tr else "-"
    print(f"{label(b):30s} {length:4d} B  {p:21s} {t:21s} {ratio:>12s}  {exact}")
    for mode, rs in modes.items():
        failures += [f"  {label(b)}, {length} B, {mode}, round {i + 1}: {v}" for i, (_, v) in enumerate(rs) if v != "exact"]
if failures:
    print("\nRuns that did not count exactly (stream rx / kernel rx / sent, lost, reordered, incomplete):")
    print("\n".join(failures))
PY
