#!/usr/bin/env bash
# Several clients: two stats watchers at once; a client that dies mid-transmit stops nothing;
# reservations keep other clients out; the drone stops cleanly on SIGTERM and starts again.
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
# A client that starts a continuous stream and dies without stopping it.
ip netns exec "$LAB_NS" "$CLI" run "$cont" --tx va --rx vb >/dev/null 2>&1 &
runner=$!
sleep 1.5
kill -KILL $runner; wait $runner 2>/dev/null || true
wait $w1 $w2 || true
n1=$(grep -c '"timestamp_ns"' "$LAB_TMP/w1"); n2=$(grep -c '"timestamp_ns"' "$LAB_TMP/w2")
[[ $n1 -ge 8 && $n2 -ge 5 ]] && echo "ok   two watchers got $n1 and $n2 snapshots" || { echo "FAIL watchers got $n1 and $n2 snapshots"; exit 1; }
sleep 0.5
cli stats va --json >"$LAB_TMP/s.json"
check "port still sending after its client died" "d['ports'][0]['transmitting'] and d['ports'][0]['tx_pps'] > 1500" "$LAB_TMP/s.json"

# Reservations.
STACCATO_CLIENT_ID=alice cli reserve va
if STACCATO_CLIENT_ID=bob cli stop va 2>"$LAB_TMP/err"; then echo "FAIL bob stopped alice's port"; exit 1; fi
expect_error "reserved by alice"
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
