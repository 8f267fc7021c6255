#!/usr/bin/env bash
# Ports coming and going, and ports on two drones:
# - load / streams / start / stop from the CLI;
# - a port that disappears while sending stops with an error and the other port keeps going;
# - tx on one drone, rx on another (--rx-drone): counts and latency, flagged as two clocks.
source "$(dirname "$0")/lab.sh"
lab_up
add_veth vc vd
in_lab ip link set vc up
in_lab ip link set vd up
start_drone

# --- load, read back, start / stop by hand --------------------------------------------------
f=$(stream_file cont 0 10000 '')
python3 - "$f" <<'PY'
import json, sys
p = sys.argv[1]; d = json.load(open(p)); d["streams"][0]["control"] = {"mode": "CONTINUOUS"}
json.dump(d, open(p, "w"))
PY
cli load "$f" --port va
cli load "$f" --port vc
cli streams va --output "$LAB_TMP/back.json"
check "streams read back as a stream file" "d['streams'][0]['control']['mode'] == 'CONTINUOUS' and d['format_version'] == 1" "$LAB_TMP/back.json"
cli clear
cli start va vc
sleep 1
# --- vc vanishes while sending --------------------------------------------------------------
in_lab ip link del vc
sleep 2.5  # the drone notices within its 1 s refresh
cli stats va vc --json >"$LAB_TMP/mid.json"
cli ports --json >"$LAB_TMP/ports.json"
check "vanished port reports an error" "[p['error'] != '' and not p['transmitting'] for p in d['ports'] if p['port'] == 'vc'] == [True]" "$LAB_TMP/mid.json"
check "the other port keeps sending" "[p['transmitting'] for p in d['ports'] if p['port'] == 'va'] == [True]" "$LAB_TMP/mid.json"
check "vanished port leaves the port list" "'vc' not in [p['name'] for p in d['ports']]" "$LAB_TMP/ports.json"
before=$(json "$LAB_TMP/mid.json" "[p['drone_tx_packets'] for p in d['ports'] if p['port'] == 'va'][0]")
sleep 1
cli stats va --json >"$LAB_TMP/later.json"
check "va still counting up after vc vanished" "d['ports'][0]['drone_tx_packets'] > $before + 5000" "$LAB_TMP/later.json"
cli stop va
sleep 0.5
cli stats va vb --json >"$LAB_TMP/end.json"
# (Stopped on Q > 1 queues, the queues agree where to end: no sequence number left unsent.)
check "every packet sent on va arrived on vb, none lost" "[(s['tx_packets'] == s['rx_packets'] > 20000, s['lost']) for s in d['streams'] if s['tx_port'] == 'va'] == [(True, 0)]" "$LAB_TMP/end.json"
if cli start vc 2>"$LAB_TMP/err"; then echo "FAIL start on a vanished port accepted"; exit 1; fi
expect_error "no port 'vc'"

# --- interleaved: two continuous streams at once, stopped by hand ---------------------------
# (On Q > 1 queues the queues agree an end per stream: every stream's packets are 0..N-1.)
python3 - "$f" "$LAB_TMP/two_cont.json" <<'PY'
import copy, json, sys
d = json.load(open(sys.argv[1])); s2 = copy.deepcopy(d["streams"][0])
s2["id"] = 2; s2["rate"]["value"] = 7000; d["streams"].append(s2)
json.dump(d, open(sys.argv[2], "w"))
PY
cli configure va --mode interleaved >/dev/null
cli load "$LAB_TMP/two_cont.json" --port va
cli clear
cli start va
sleep 1.5
cli stop va
sleep 0.5
cli stats va vb --json >"$LAB_TMP/inter_end.json"
check "interleaved stop: each stream's packets all arrived, none lost" "sorted((s['stream_id'], s['tx_packets'] == s['rx_packets'] > 7000, s['lost']) for s in d['streams'] if s['tx_port'] == 'va') == [(1, True, 0), (2, True, 0)]" "$LAB_TMP/inter_end.json"
cli configure va --mode sequential >/dev/null

# --- two drones: tx on the first (va), rx on a second one that owns vb ----------------------
stop_drone
DRONE_B_ADDR=unix:$LAB_TMP/drone-b.sock
ip netns exec "$LAB_NS" "$DRONE" "${LAB_DRONE_ARGS[@]}" --include va >"$LAB_TMP/drone-a.log" 2>&1 &
DRONE_PID=$!
ip netns exec "$LAB_NS" "$DRONE" "${LAB_DRONE_ARGS[@]}" --listen "$DRONE_B_ADDR" --include vb >"$LAB_TMP/drone-b.log" 2>&1 &
DRONE_B=$!
for _ in $(seq 100); do
  cli ports >/dev/null 2>&1 && cli --drone "$DRONE_B_ADDR" ports >/dev/null 2>&1 && break
  sleep 0.1
done
cli --drone "$DRONE_B_ADDR" ports | grep -q '^vb ' || { echo "FAIL second drone does not show vb"; exit 1; }
if cli ports | grep -q '^vb '; then echo "FAIL --include va still shows vb"; exit 1; fi
f=$(stream_file two 5000 10000)
cli run "$f" --tx va --rx vb --rx-drone "$DRONE_B_ADDR" --json >"$LAB_TMP/two.out.json"
check "two drones: tx == rx == 5000, nothing lost" "[(s['tx_port'], s['rx_port'], s['tx_packets'], s['rx_packets'], s['lost']) for s in d['streams']] == [('va', 'vb', 5000, 5000, 0)]" "$LAB_TMP/two.out.json"
check "two drones: latency measured, flagged as two clocks" "d['streams'][0]['latency']['samples'] == 5000 and not d['streams'][0]['same_clock']" "$LAB_TMP/two.out.json"
check "two drones: both ports reported" "sorted(p['port'] for p in d['ports']) == ['va', 'vb']" "$LAB_TMP/two.out.json"
cli run "$f" --tx va --rx vb --rx-drone "$DRONE_B_ADDR" >"$LAB_TMP/two.out.txt"
grep -q "only as good as their clock sync" "$LAB_TMP/two.out.txt" && echo "ok   table says latency spans two clocks" || { echo "FAIL table"; cat "$LAB_TMP/two.out.txt"; exit 1; }
if cli run "$f" --tx va --rx-drone "$DRONE_B_ADDR" 2>"$LAB_TMP/err"; then echo "FAIL --rx-drone without --rx accepted"; exit 1; fi
expect_error "needs --rx PORT"
kill "$DRONE_B"; wait "$DRONE_B" || { echo "FAIL second drone did not exit cleanly"; exit 1; }
