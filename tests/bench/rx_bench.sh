#!/usr/bin/env bash
# Receive benchmark (issue 15): the highest rate at which each receive engine (pcap, turbo) still
# counts every frame exactly (stream rx == vb's kernel rx == sent, lost 0, reordered 0,
# incomplete false), for 64- and 1518-byte frames and 1 and 2 queues. Sender and receiver share
# this box: a drone in a private namespace sends with turbo on va (tracking off there) and
# receives on vb, driven by `staccato-cli run`; rates are va's kernel tx counter.
# Search per cell: one FASTEST probe (if it counts exactly, the receiver kept up with the
# sender: the figure is a lower bound), else bisection over paced streams (rate unit PPS) of
# SECONDS each between 0 and the FASTEST rate, STEPS probes, then the best rate once more.
# Usage (root): tests/bench/rx_bench.sh BUILD_DIR [SECONDS] [STEPS]
#   env ENGINES="pcap turbo", QUEUES="1 2", FAST_COUNT_64 (1000000), FAST_COUNT_1518 (400000)
set -euo pipefail
BUILD=${1:?usage: rx_bench.sh BUILD_DIR [SECONDS] [STEPS]}
secs=${2:-2}; steps=${3:-6}
engines=${ENGINES:-pcap turbo}; queues=${QUEUES:-1 2}
source "$(dirname "$0")/bench_lab.sh"
results=$BENCH_TMP/results  # lines: engine queues length mpps kind (kind: bisected|sender-bound|none|unstable)
: >"$results"

# probe LENGTH RATE COUNT: prints "MPPS VERDICT" (MPPS: va's kernel tx rate; VERDICT: exact or why not)
probe() {
  local out=$BENCH_TMP/probe.json r verdict
  stream_file "$BENCH_TMP/s.json" "$1" "$3" "$2" 1
  r=($(run_stream "$BENCH_TMP/s.json" "$out"))
  if [[ ${r[1]} == nan ]]; then echo "nan run-failed"; return; fi
  verdict=$(stream_verdict "$out" "$3" "${r[3]}")
  echo "${r[1]} $verdict"
}

frames() { awk -v r="$1" -v s="$secs" 'BEGIN { c = int(r * s); print (c > 20000 ? c : 20000) }'; }  # a probe's count

# search ENGINE QUEUES LENGTH: appends the highest exact rate to $results
search() {
  local e=$1 q=$2 len=$3 fast_count r lo=0 hi mid best=0 best_rate=0 i kind
  fast_count=${FAST_COUNT_64:-1000000}; [[ $len == 1518 ]] && fast_count=${FAST_COUNT_1518:-400000}
  r=($(probe "$len" FASTEST "$fast_count"))
  note "  $e rx, $q queue(s), $len B: FASTEST ${r[0]} Mpps: ${r[1]}"
  [[ ${r[0]} != nan ]] || { echo "$e $q $len nan none" >>"$results"; return; }
  if [[ ${r[1]} == exact ]]; then echo "$e $q $len ${r[0]} sender-bound" >>"$results"; return; fi
  hi=$("$PY" -c "print(int(${r[0]} * 1e6))")
  for ((i = 1; i <= steps; i++)); do
    mid=$(( (lo + hi) / 2 / 1000 * 1000 ))
    (( mid > 0 )) || break
    r=($(probe "$len" "$mid" "$(frames "$mid")"))
    note "  $e rx, $q queue(s), $len B: $mid pps -> ${r[0]} Mpps: ${r[1]}"
    if [[ ${r[1]} == exact ]]; then lo=$mid; best=${r[0]}; best_rate=$mid; else hi=$mid; fi
  done
  kind=bisected
  if (( best_rate == 0 )); then
    kind=none; best=$("$PY" -c "print($hi / 1e6)")
  else  # once more at the best rate: a lucky probe must not make the figure
    r=($(probe "$len" "$best_rate" "$(frames "$best_rate")"))
    note "  $e rx, $q queue(s), $len B: confirm $best_rate pps -> ${r[0]} Mpps: ${r[1]}"
    [[ ${r[1]} == exact ]] || kind=unstable
  fi
  echo "$e $q $len $best $kind" >>"$results"
}

lab_up
start=$SECONDS
senders=()
for q in $queues; do
  veth_up "$q"
  for e in $engines; do
    [[ $e == pcap || $e == turbo ]] || die "unknown receive engine $e (pcap, turbo)"
    drone_up --backend turbo --tx-queues "$q"
    cli configure vb --rx-backend "$e" --track-rx on >/dev/null || die "configure vb --rx-backend $e failed"
    cli configure va --track-rx off >/dev/null || die "configure va --track-rx off failed"
    rxb=$(port_field vb rx_backend)
    [[ $rxb == "$e"* ]] || die "vb receives with $rxb, not $e: $(port_field vb rx_backend_reason)"
    for len in 64 1518; do search "$e" "$q" "$len"; done
    senders+=("$q queue(s): va sends with $(port_field va backend), vb receives with $rxb")
    drone_down
  done
done

echo
echo "Receive engines: highest rate counted exactly (Mpps, va's kernel tx counter), sender and"
echo "receiver on this $(nproc)-core box; paced probes of ${secs} s, $steps bisection steps (took $(( SECONDS - start )) s)"
printf '  %s\n' "${senders[@]}"
"$PY" - "$results" <<'PY'
import sys
cells, cols = {}, []
for line in open(sys.argv[1]):
    e, q, length, mpps, kind = line.split()
    col = f"{length} B, {q} q"
    if col not in cols: cols.append(col)
    v = float(mpps)
    cells[e, col] = ("failed" if v != v else
                     f">= {v:.3f} *" if kind == "sender-bound" else
                     f"< {v:.3f}" if kind == "none" else
                     f"{v:.3f} (?)" if kind == "unstable" else f"{v:.3f}")
cols.sort(key=lambda c: (int(c.split()[0]), c))
engines = sorted({e for e, _ in cells}, key=["pcap", "turbo"].index)
print(f"\n{'receive engine':16s}" + "".join(f"{c:>16s}" for c in cols))
for e in engines:
    print(f"{e:16s}" + "".join(f"{cells.get((e, c), '-'):>16s}" for c in cols))
print("\n*  counted exactly at the fastest the sender sent: the receiver's limit is higher")
print("<  not even the lowest probe counted exactly")
print("(?) the best rate did not count exactly when probed again")
PY
