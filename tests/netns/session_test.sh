#!/usr/bin/env bash
# Session files end to end: save what a drone holds as a session, run it (JUnit report), then
# run the same file on other ports with --map: the captures must hold identical packets.
source "$(dirname "$0")/lab.sh"
lab_up
add_veth p0 p1
in_lab ip link set p0 up
in_lab ip link set p1 up
start_drone

# Setup 1: va sends, vb receives. Two streams: UDP with a varying source port (no signature:
# byte-identical across runs) and a tracked one (its signature carries a send timestamp).
cat >"$LAB_TMP/streams.json" <<'JSON'
{"format_version": 1, "streams": [
 {"id": 1, "name": "vary", "layers": [{"protocol": "eth", "fields": {"eth.dst": "02:00:00:00:00:99"}},
   {"protocol": "ip", "fields": {"ip.src": "10.0.0.1", "ip.dst": "10.0.0.2"}}, {"protocol": "udp"}, {"protocol": "payload"}],
  "variable_fields": [{"field": "udp.srcport", "start": "1000", "count": "50"}],
  "frame_length": {"fixed": 100}, "rate": {"unit": "PPS", "value": 5000}, "control": {"mode": "PACKETS", "count": "300"}},
 {"id": 2, "name": "tracked", "layers": [{"protocol": "eth", "fields": {"eth.dst": "02:00:00:00:00:99"}},
   {"protocol": "ip"}, {"protocol": "udp"}, {"protocol": "payload"}, {"protocol": "signature"}],
  "frame_length": {"fixed": 80}, "rate": {"unit": "PPS", "value": 5000}, "control": {"mode": "PACKETS", "count": "300"}}]}
JSON
cli load "$LAB_TMP/streams.json" --port va
cli configure va --mode sequential >/dev/null
cli session save "$LAB_TMP/session.json" --port va --port vb 2>"$LAB_TMP/save.log"
cat "$LAB_TMP/save.log"
check "session holds the drone, va with its 2 streams and vb" \
  "[(p['name'], len(p.get('streams', []))) for p in d['drones'][0]['ports']] == [('va', 2), ('vb', 0)] and d['format_version'] == 1" "$LAB_TMP/session.json"
if grep -qi token "$LAB_TMP/session.json"; then echo "FAIL a token in the session file"; exit 1; fi

# capture_session NAME RXPORT [run options]: runs the session with a capture on RXPORT.
capture_session() {
  local name=$1 rxport=$2; shift 2
  capture_start "$LAB_TMP/$name.pcap" "$rxport"
  cli run "$LAB_TMP/session.json" --json --junit "$LAB_TMP/$name.xml" --check "$@" >"$LAB_TMP/$name.json"
  capture_stop "$LAB_TMP/$name.pcap"
}

capture_session one vb
check "run 1: 600 packets sent on va" "[p['drone_tx_packets'] for p in d['ports'] if p['port'] == 'va'] == [600]" "$LAB_TMP/one.json"
/usr/bin/python3 - "$LAB_TMP/one.xml" <<'PY' || exit 1
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
cases = root.findall('.//testcase')
names = sorted(c.get('name') for c in cases)
assert names == ["stream 'tracked' (id 2)", "stream 'vary' (id 1)", 'transmit'], names
assert root.get('failures') == '0', ET.tostring(root).decode()
print("ok   JUnit report: 3 test cases, 0 failures")
PY

# Setup 2: the same session file on p0 -> p1 through a mapping. va gives its streams up first:
# a receiver tells streams apart by id only, so two ports sending id 2 would be ambiguous.
echo '{"format_version": 1, "streams": []}' >"$LAB_TMP/none.json"
cli load "$LAB_TMP/none.json" --port va
expect_fail() { if "$@" 2>"$LAB_TMP/err" >/dev/null; then echo "FAIL accepted: $*"; exit 1; fi; }
expect_fail cli run "$LAB_TMP/session.json" --map va=nosuch
expect_error "drone $STACCATO_DRONE has no port 'nosuch' (it has: .*va"
expect_fail cli run "$LAB_TMP/session.json" --map va=p0=x
expect_error "use PORT=NEWPORT"
capture_session two p1 --map va=p0 --map vb=p1
check "run 2: 600 packets sent on p0" \
  "[p['drone_tx_packets'] for p in d['ports'] if p['port'] == 'p0'] == [600]" "$LAB_TMP/two.json"

/usr/bin/python3 - "$LAB_TMP/one.pcap" "$LAB_TMP/two.pcap" <<'PY' || exit 1
import sys
from scapy.all import rdpcap
one, two = ([bytes(p) for p in rdpcap(f)] for f in sys.argv[1:3])
assert len(one) == len(two) == 600, (len(one), len(two))
# The signature's last 8 bytes are the send time, and the UDP checksum (bytes 40-41) covers
# them: everything else must be equal.
tracked = lambda f: len(f) == 76
for i, (a, b) in enumerate(zip(one, two)):
    if tracked(a):
        a, b = a[:40] + a[42:-8], b[:40] + b[42:-8]
    assert a == b, f"frame {i} differs"
print("ok   setup 2 (p0 -> p1, mapped) sent the same 600 frames as setup 1 (va -> vb)")
PY
