#!/usr/bin/env bash
# Several clients: two stats watchers at once; a client that dies mid-transmit without a lease
# stops nothing, with a lease the drone stops its port; `run` stops its port on SIGINT, SIGTERM
# and SIGHUP; reservations keep other clients out (clear-all leaves their ports alone); the drone
# stops cleanly on SIGTERM and starts again.
source "$(dirname "$0")/lab.sh"
lab_up
start_drone
cont=$(stream_file cont 0 2000 ', "enabled": true')
python3 - "$cont" <<'PY'
import json, sys
p = sys.argv[1]; d = json.load(open(p)); d["streams"][0]["control"] = {"mode": "CONTINUOUS"}; json.dump(d, open(p, "w"))
PY
ip netns exec "$LAB_NS" timeout 3 "$CLI" stats --watch --json --interval 200 >"$LAB_TMP/w1" 2>&1 &
w1=$!
ip netns exec "$LAB_NS" timeout 3 "$CLI" stats --watch --json --interval 300 >"$LAB_TMP/w2" 2>&1 &
w2=$!
# A client that starts a continuous stream without a lease and dies without stopping it.
ip netns exec "$LAB_NS" "$CLI" run "$cont" --tx va --rx vb --lease 0 >/dev/null 2>&1 &
runner=$!
sleep 1.5
kill -KILL $runner; wait $runner 2>/dev/null || true
wait $w1 $w2 || true
n1=$(grep -c '"timestamp_ns"' "$LAB_TMP/w1"); n2=$(grep -c '"timestamp_ns"' "$LAB_TMP/w2")
[[ $n1 -ge 8 && $n2 -ge 5 ]] && echo "ok   two watchers got $n1 and $n2 snapshots" || { echo "FAIL watchers got $n1 and $n2 snapshots"; exit 1; }
sleep 0.5
cli stats va --json >"$LAB_TMP/s.json"
check "port still sending after its client died" "d['ports'][0]['transmitting'] and d['ports'][0]['tx_pps'] > 1500" "$LAB_TMP/s.json"
cli stop va

# With a lease (2 s here; 15 s by default) the drone stops the port of a client killed mid-run.
ip netns exec "$LAB_NS" "$CLI" run "$cont" --tx va --rx vb --lease 2 >/dev/null 2>&1 &
runner=$!
sleep 1.5
kill -KILL $runner; wait $runner 2>/dev/null || true
cli stats va --json >"$LAB_TMP/lease1.json"
check "leased port sends on while the lease runs" "d['ports'][0]['transmitting']" "$LAB_TMP/lease1.json"
sleep 3
cli stats va --json >"$LAB_TMP/lease2.json"
check "the drone stopped the port when the lease ran out, and says why" \
  "not d['ports'][0]['transmitting'] and 'expired (not renewed for 2 s' in d['ports'][0]['error']" "$LAB_TMP/lease2.json"

# run stops what it started on SIGINT, SIGTERM and SIGHUP, prints its report, exits 128+signal.
for sig in INT TERM HUP; do
  ip netns exec "$LAB_NS" "$CLI" run "$cont" --tx va --rx vb --json >"$LAB_TMP/sig.json" 2>"$LAB_TMP/sig.err" &
  runner=$!
  sleep 1.5
  kill -$sig $runner
  rc=0; wait $runner || rc=$?
  want=$((128 + $(kill -l $sig)))
  [[ $rc -eq $want ]] || { echo "FAIL run exit code $rc on SIG$sig (want $want)"; cat "$LAB_TMP/sig.err"; exit 1; }
  grep -q "SIG$sig received: stopped va" "$LAB_TMP/sig.err" || { echo "FAIL no word on SIG$sig: $(cat "$LAB_TMP/sig.err")"; exit 1; }
  check "SIG$sig: the report covers the run" "d['streams'][0]['tx_packets'] > 1000" "$LAB_TMP/sig.json"
  cli stats va --json >"$LAB_TMP/s.json"
  check "SIG$sig: the port stopped with the CLI" "not d['ports'][0]['transmitting']" "$LAB_TMP/s.json"
done

# Reservations.
STACCATO_CLIENT_ID=alice cli reserve va
if STACCATO_CLIENT_ID=bob cli stop va 2>"$LAB_TMP/err"; then echo "FAIL bob stopped alice's port"; exit 1; fi
expect_error "reserved by alice"
# Clearing every port's counters leaves alice's reserved port alone.
cli stats va --json >"$LAB_TMP/before_clear.json"
STACCATO_CLIENT_ID=bob cli clear
cli stats va --json >"$LAB_TMP/after_clear.json"
before=$(json "$LAB_TMP/before_clear.json" "d['ports'][0]['tx_packets']")
check "bob's clear-all kept alice's counters ($before packets)" "$before > 1000 and d['ports'][0]['tx_packets'] >= $before" "$LAB_TMP/after_clear.json"
if STACCATO_CLIENT_ID=$'evil\e[2J' cli stop va 2>"$LAB_TMP/err"; then
  echo "FAIL a client id with control characters accepted"; exit 1; fi
expect_error "client_id: must be 1..64 characters"
STACCATO_CLIENT_ID=alice cli stop va && echo "ok   alice stops her own port"
STACCATO_CLIENT_ID=bob cli release va --force && echo "ok   forced release"
cli stats va --json >"$LAB_TMP/s2.json"
check "stopped" "not d['ports'][0]['transmitting']" "$LAB_TMP/s2.json"

# Start on a port already sending is refused.
cli start va
if cli start va 2>"$LAB_TMP/err"; then echo "FAIL second start accepted"; exit 1; fi
expect_error "already sending"
cli stop va

# Clean stop and restart.
rc=0; stop_drone || rc=$?
[[ $rc -eq 0 ]] && echo "ok   drone exits 0 on SIGTERM" || { echo "FAIL drone exit code $rc"; cat "$LAB_TMP/drone.log"; exit 1; }
start_drone
cli ports | grep -q '^vb ' && echo "ok   drone restarted"
