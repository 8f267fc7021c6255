#!/usr/bin/env bash
# A receiver deliberately starved (libpcap with the smallest packet ring, fed as fast as turbo
# sends) misses frames: it says so, and never calls them lost. The stream row is incomplete with
# the count of frames never examined, lost is 0, the kernel counted every frame on vb, and
# run --check fails as "receiver overloaded" naming vb (in the JUnit report too), not as loss.
source "$(dirname "$0")/lab.sh"
lab_up
start_drone --rx-backend pcap --rx-buffer 64
n=1000000
fast=$(stream_file fast $n 1)
python3 - "$fast" <<'PY'
import json, sys
p = sys.argv[1]; d = json.load(open(p)); d["streams"][0]["rate"] = {"unit": "FASTEST"}
json.dump(d, open(p, "w"))
PY
rc=0
cli run "$fast" --tx va --rx vb --json --check --junit "$LAB_TMP/report.xml" >"$LAB_TMP/run.json" 2>"$LAB_TMP/err" || rc=$?
cat "$LAB_TMP/err"
[[ $rc == 3 ]] && echo "ok   run --check exits 3 (a check failed)" || { echo "FAIL run --check exited $rc (want 3)"; exit 1; }
expect_error "receiver overloaded: [0-9]* frames on vb were not examined"
if grep -q "lost [0-9]* of" "$LAB_TMP/err"; then echo "FAIL the receiver's misses were called loss"; exit 1; fi
python3 - "$LAB_TMP/run.json" "$n" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1])); n = int(sys.argv[2])
s = [r for r in d["streams"] if r["rx_port"] == "vb"][0]
vb = [p for p in d["ports"] if p["port"] == "vb"][0]
print(f"info sent {s['tx_packets']}, kernel rx on vb {vb['rx_packets']}, counted {s['rx_packets']}, "
      f"missed {s['rx_missed']} (port: {vb['drone_rx_dropped']}), lost {s['lost']}")
checks = [
    ("every frame sent", s["tx_packets"] == n),
    ("the kernel received every frame on vb", vb["rx_packets"] == n),
    ("the starved receiver missed frames", s["rx_missed"] > 0 and vb["drone_rx_dropped"] == s["rx_missed"]),
    ("the row is incomplete", s["incomplete"] is True),
    ("nothing called lost", s["lost"] == 0),
    ("counted + missed covers what arrived", s["rx_packets"] + s["rx_missed"] >= n),
]
ok = True
for name, cond in checks:
    print(("ok   " if cond else "FAIL ") + name)
    ok &= cond
sys.exit(0 if ok else 1)
PY
grep -q 'receiver overloaded' "$LAB_TMP/report.xml" && echo "ok   the JUnit report says receiver overloaded" ||
  { echo "FAIL the JUnit report does not say receiver overloaded"; cat "$LAB_TMP/report.xml"; exit 1; }
