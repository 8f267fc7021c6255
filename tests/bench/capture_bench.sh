#!/usr/bin/env bash
# Capture benchmark: the transmit rate of a port with and without a capture running on that same
# port, side by side in one run. A drone in a private namespace on a veth pair va <-> vb, driven
# by `staccato-cli run FILE --tx va --rx vb` as a user runs it, rated by the KERNEL's tx counter
# of va (sampled every 10 ms). Per backend (pcap; turbo 1 queue) and frame size (64, 1518 B),
# interleaved over REPEATS rounds:
#   none      no capture
#   capture   `capture va start --ring-mb 64` (both directions, no filter) while va sends
# The capture's own figures (frames seen, kernel drops) say whether it kept up. Plain frames,
# FASTEST, tracking off. (Turbo sends through AF_XDP, which no kernel tap sees: there the
# transmit workers hand each sent batch to the capture.)
# Usage (root): tests/bench/capture_bench.sh BUILD_DIR [REPEATS] [COUNT_64] [COUNT_1518]
#   env BACKENDS="pcap turbo1" to choose
set -euo pipefail
BUILD=${1:?usage: capture_bench.sh BUILD_DIR [REPEATS] [COUNT_64] [COUNT_1518]}
reps=${2:-3}; count64=${3:-2000000}; count1518=${4:-500000}
backends=${BACKENDS:-pcap turbo1}
source "$(dirname "$0")/bench_lab.sh"
results=$BENCH_TMP/results  # lines: backend length mode mpps seen kernel_dropped
: >"$results"

measure() {  # measure BACKEND LENGTH COUNT ROUND: appends its two runs to $results
  local b=$1 len=$2 count=$3 round=$4 mode r seen dropped
  stream_file "$BENCH_TMP/s.json" "$len" "$count" FASTEST 0
  for mode in none capture; do
    seen=-; dropped=-
    [[ $mode == capture ]] && cli capture va start --ring-mb 64 >/dev/null
    r=($(run_stream "$BENCH_TMP/s.json" "$BENCH_TMP/run.json"))
    if [[ $mode == capture ]]; then
      sleep 0.2  # what is still in the capture socket's ring
      cli capture va stop >/dev/null
      cli capture va status --json >"$BENCH_TMP/cap.json"
      seen=$(json "$BENCH_TMP/cap.json" "d['captures'][0]['seen']")
      dropped=$(json "$BENCH_TMP/cap.json" "d['captures'][0]['kernel_dropped']")
      cli capture va stop --discard >/dev/null
    fi
    echo "$b $len $mode ${r[1]} $seen $dropped" >>"$results"
    note "  round $round $b ${len} B $mode: ${r[1]} Mpps (kernel tx ${r[0]}; capture seen $seen, kernel dropped $dropped)"
  done
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
lab_up
declare -A engines=()
for ((round = 1; round <= reps; round++)); do
  for b in $backends; do
    case $b in
      pcap) args=(--backend pcap --rx-backend pcap) ;;
      turbo1) args=(--backend turbo --tx-queues 1) ;;
      *) die "unknown backend $b (pcap, turbo1)" ;;
    esac
    veth_up 1
    drone_up "${args[@]}"
    cli configure va --track-rx off >/dev/null
    cli configure vb --track-rx off >/dev/null
    for len in 64 1518; do
      count=$count64; [[ $len == 1518 ]] && count=$count1518
      measure "$b" "$len" "$count" "$round"
    done
    engines[$b]="va sends with $(port_field va backend)"
    drone_down
  done
done

echo
echo "Transmit rate with and without a capture on the sending port (va), rated by va's kernel tx counter"
echo "($reps interleaved round(s); $count64 frames of 64 B, $count1518 of 1518 B a run; Mpps median [min-max];"
echo " the capture: a 64 MiB ring, both directions, no filter; 'seen' = frames it took, of those sent)"
for b in $backends; do [[ -z ${engines[$b]:-} ]] || echo "  $b: ${engines[$b]}"; done
echo "  machine: $(nproc) cores; load average (1, 5, 15 min) before $load_before, after $(cut -d' ' -f1-3 /proc/loadavg)"
"$PY" - "$results" "$count64" "$count1518" <<'PY'
import statistics, sys
names = {"pcap": "pcap", "turbo1": "turbo, 1 queue"}
counts = {64: int(sys.argv[2]), 1518: int(sys.argv[3])}
runs = {}
for line in open(sys.argv[1]):
    b, length, mode, mpps, seen, dropped = line.split()
    runs.setdefault((b, int(length)), {}).setdefault(mode, []).append((float(mpps), seen, dropped))
def cell(rs):
    v = sorted(x for x, _, _ in rs if x == x)
    if not v: return "failed", None
    m = statistics.median(v)
    return f"{m:.3f} [{v[0]:.3f}-{v[-1]:.3f}]", m
print(f"\n{'backend':16s} {'frame':>6s}  {'no capture':21s} {'capture on va':21s} {'ratio':>6s}  capture seen / kernel dropped (per run)")
for (b, length), modes in sorted(runs.items(), key=lambda kv: (kv[0][1], list(names).index(kv[0][0]))):
    (n, nm), (c, cm) = cell(modes.get("none", [])), cell(modes.get("capture", []))
    ratio = f"{cm / nm:.2f}x" if nm and cm else "-"
    seen = ", ".join(f"{s}/{d}" for _, s, d in modes.get("capture", []))
    print(f"{names[b]:16s} {length:4d} B  {n:21s} {c:21s} {ratio:>6s}  {seen} (of {counts[length]})")
PY
