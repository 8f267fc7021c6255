#!/usr/bin/env bash
# staccato-cli benchmark across two drones (both in the lab namespace, each on a unix socket of
# its own): flows va@A -> vb@B and back (--bidirectional), each started at one T0 on both drones,
# receive rows paired with their senders across drones by stream id. With unsynchronised clocks
# the benchmark is refused unless --unsynchronized-start (then it warns and runs).
source "$(dirname "$0")/lab.sh"
lab_up
start_drone
A=$STACCATO_DRONE
B=unix:$LAB_TMP/drone-b.sock
ip netns exec "$LAB_NS" "$DRONE" --listen "$B" "${LAB_DRONE_ARGS[@]:2}" >"$LAB_TMP/drone-b.log" 2>&1 &
DRONE_B=$!
trap 'kill "$DRONE_B" 2>/dev/null || true; wait "$DRONE_B" 2>/dev/null || true; lab_cleanup' EXIT
for _ in $(seq 100); do cli ports --drone "$B" >/dev/null 2>&1 && break; sleep 0.1; done
cli ports --json >"$LAB_TMP/clock.json"
synced=$(json "$LAB_TMP/clock.json" "d.get('clock', {}).get('synchronized', False)")
bench() {
  cli benchmark rfc2544 --tx va --rx "vb@$B" --bidirectional --sizes 256,1024 --tests throughput --loss 0 --duration 0.5 \
    --drain 200 --json "$LAB_TMP/two.json" --quiet "$@"
}
if [[ $synced == True ]]; then
  bench >/dev/null 2>"$LAB_TMP/err" || { echo "FAIL with synchronized clocks: $(cat "$LAB_TMP/err")"; exit 1; }
  echo "ok   the clocks are synchronized: the benchmark runs across both drones"
else
  if bench >/dev/null 2>"$LAB_TMP/err"; then echo "FAIL unsynchronized clocks were not refused"; exit 1; fi
  expect_error "clock is not synchronized"
  bench --unsynchronized-start >/dev/null 2>"$LAB_TMP/err" || { echo "FAIL $(cat "$LAB_TMP/err")"; exit 1; }
  grep -q "warning: .*not synchronized" "$LAB_TMP/err" || { echo "FAIL no warning: $(cat "$LAB_TMP/err")"; exit 1; }
  echo "ok   --unsynchronized-start: warned, then ran"
fi
check "both flows were counted across the drones in every trial (tx == rx, nothing lost on a veth pair)" \
  "all(t['tx_frames'] == t['rx_frames'] > 0 for t in d['trials'] if not t['receiver_missed'])" "$LAB_TMP/two.json"
check "two flows: the port pairs and direction as asked" \
  "d['config']['direction'] == 'bidirectional' and d['config']['port_pairs'][0]['rx'].startswith('vb@unix:')" "$LAB_TMP/two.json"
check "both drones sent their flow at the asked rate in the counted trials (a missing flow halves the rate per flow)" \
  "any(t['counted'] for t in d['trials']) and all(abs(t['offered_pps'] / t['intended_pps'] - 1) < 0.1 for t in d['trials'] if t['counted'])" \
  "$LAB_TMP/two.json"
