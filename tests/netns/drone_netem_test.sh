#!/usr/bin/env bash
# Known impairments from tc netem on the path va -> vb; the drone must measure them.
source "$(dirname "$0")/lab.sh"
lab_up
start_drone
impair() { in_lab tc qdisc replace dev va root netem "$@"; }
measure() {  # measure NAME COUNT PPS -> $LAB_TMP/NAME.out.json
  cli run "$(stream_file "$1" "$2" "$3")" --tx va --rx vb --json >"$LAB_TMP/$1.out.json"
}

impair delay 2ms
measure delay 5000 5000
check "delay 2 ms: avg latency 2 ms +- 0.2 ms" "abs(d['streams'][0]['latency']['avg_ns'] - 2_000_000) <= 200_000" "$LAB_TMP/delay.out.json"
check "delay 2 ms: p99 sane (avg <= p99 < 3 ms)" "d['streams'][0]['latency']['avg_ns'] <= d['streams'][0]['latency']['p99_ns'] < 3_000_000" "$LAB_TMP/delay.out.json"
check "delay 2 ms: nothing lost" "d['streams'][0]['lost'] == 0 and d['streams'][0]['rx_packets'] == 5000" "$LAB_TMP/delay.out.json"
echo "     latency: $(json "$LAB_TMP/delay.out.json" "d['streams'][0]['latency']")"

impair loss 5%
measure loss 40000 20000
check "loss 5%: measured loss 5% +- 1%" "abs(d['streams'][0]['lost'] / 40000 - 0.05) <= 0.01" "$LAB_TMP/loss.out.json"
check "loss 5%: lost + received == sent" "d['streams'][0]['lost'] + d['streams'][0]['rx_packets'] == 40000" "$LAB_TMP/loss.out.json"
echo "     lost: $(json "$LAB_TMP/loss.out.json" "d['streams'][0]['lost']") of 40000"

impair delay 1ms reorder 25% 50%
measure reorder 5000 10000
check "reorder: out-of-order > 0, none lost" "d['streams'][0]['reordered'] > 0 and d['streams'][0]['lost'] == 0" "$LAB_TMP/reorder.out.json"

impair duplicate 5%
measure dup 5000 10000
check "duplicate: duplicates > 0, none lost" "d['streams'][0]['duplicates'] > 0 and d['streams'][0]['lost'] == 0" "$LAB_TMP/dup.out.json"
