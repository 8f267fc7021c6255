#!/usr/bin/env bash
# Turbo receive: at the fastest rate turbo sends here (2 queues), every signature frame is
# counted, with sequence analysis and latency; the receive engine and its fallback are reported;
# the XDP program is gone when the drone stops, and when it is killed.
source "$(dirname "$0")/lab.sh"
LAB_QUEUES=2
lab_up
start_drone --backend turbo --rx-backend turbo  # (auto picks in-kernel counting on veth)
cli configure vb --rx-backend turbo >/dev/null
cli ports --json >"$LAB_TMP/ports.json"
check "vb receives with turbo" "[p['rx_backend'] for p in d['ports'] if p['name'] == 'vb'] == ['turbo-native']" "$LAB_TMP/ports.json"
check "va receives with turbo too (the drone's default here)" "[p['rx_backend'] for p in d['ports'] if p['name'] == 'va'] == ['turbo-native']" "$LAB_TMP/ports.json"
in_lab ip link show vb | grep -q 'xdp' && echo "ok   an XDP program is attached to vb" || { echo "FAIL no XDP on vb"; exit 1; }

# As fast as turbo sends on 2 queues: every frame counted, none dropped by our rings.
n=2000000
fast=$(stream_file fast $n 1)
python3 - "$fast" <<'PY'
import json, sys
p = sys.argv[1]; d = json.load(open(p)); d["streams"][0]["rate"] = {"unit": "FASTEST"}
d["streams"][0]["variable_fields"] = [{"field": "udp.srcport", "start": "1000", "step": "1", "count": "1000"}]
json.dump(d, open(p, "w"))
PY
start=$(date +%s.%N)
cli run "$fast" --tx va --rx vb --json >"$LAB_TMP/fast.out.json"
secs=$(python3 -c "import time; print(round(time.time() - $start, 2))")
python3 - "$LAB_TMP/fast.out.json" "$n" "$secs" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); n = int(sys.argv[2])
s = d["streams"][0]; vb = [p for p in d["ports"] if p["port"] == "vb"][0]
print(f"info {n} frames in {sys.argv[3]} s of run, start-up included (>= {n / float(sys.argv[3]) / 1e6:.2f} Mpps)")
ok = True
def expect(name, cond):
    global ok
    print(f"{'ok  ' if cond else 'FAIL'} {name}")
    ok &= bool(cond)
expect(f"sent {n}", s["tx_packets"] == n)
expect(f"turbo receive counted all {n}", s["rx_packets"] == n)
expect("none lost, none duplicated", (s["lost"], s["duplicates"]) == (0, 0))
expect("nothing dropped by the receive rings", vb.get("drone_rx_dropped", 0) == 0)
expect("latency from every frame", s["latency"]["samples"] == n and 0 < s["latency"]["avg_ns"] < 50_000_000)
sys.exit(0 if ok else 1)
PY
# va receives with turbo too: its turbo transmit sent the fast run through the same sockets.
cli ports --json >"$LAB_TMP/ports.json"
check "va: turbo tx through turbo receive's sockets, with the reason" \
  "[(p['backend'], p['rx_backend'], 'through turbo receive' in p['backend_reason']) for p in d['ports'] if p['name'] == 'va'] == [('turbo-copy', 'turbo-native', True)]" "$LAB_TMP/ports.json"
# Frames without a signature still reach the kernel: a capture on vb sees every one of them.
plain=$(stream_file plain 1000 10000)
python3 - "$plain" <<'PY'
import json, sys
p = sys.argv[1]; d = json.load(open(p)); d["streams"][0]["layers"].pop()  # no signature
json.dump(d, open(p, "w"))
PY
capture_run plain "$plain"
got=$(tshark -r "$LAB_TMP/plain.pcap" 2>/dev/null | wc -l)
[[ $got == 1000 ]] && echo "ok   frames without a signature pass to the kernel (captured $got of 1000)" ||
  { echo "FAIL captured $got of 1000 frames without a signature"; exit 1; }

# MTU too large for turbo receive: libpcap, with the reason.
for p in va vb; do cli configure $p --rx-backend pcap >/dev/null; done  # (veth refuses a large MTU while XDP is attached)
in_lab ip link set va mtu 9000
in_lab ip link set vb mtu 9000
sleep 1.5  # the drone re-reads the MTU
cli configure vb --rx-backend turbo >/dev/null
cli ports --json >"$LAB_TMP/ports.json"
check "MTU 9000: falls back to pcap, saying why" \
  "[(p['rx_backend'], 'too large for turbo receive' in p['rx_backend_reason']) for p in d['ports'] if p['name'] == 'vb'] == [('pcap', True)]" "$LAB_TMP/ports.json"
in_lab ip link set va mtu 1500
in_lab ip link set vb mtu 1500
sleep 1.5  # turbo receive is tried again when the MTU changes
cli ports --json >"$LAB_TMP/ports.json"
check "MTU back to 1500: turbo again" "[p['rx_backend'] for p in d['ports'] if p['name'] == 'vb'] == ['turbo-native']" "$LAB_TMP/ports.json"


stop_drone
if in_lab ip link show vb | grep -q 'xdp'; then echo "FAIL XDP program left on vb after the drone stopped"; exit 1; fi
echo "ok   nothing attached to vb after the drone stopped"

# Killed outright: the kernel drops the BPF link with the process.
start_drone --rx-backend turbo
in_lab ip link show vb | grep -q 'xdp' || { echo "FAIL no XDP on vb"; exit 1; }
kill -KILL "$DRONE_PID"; wait "$DRONE_PID" 2>/dev/null || true; DRONE_PID=
sleep 0.5
if in_lab ip link show vb | grep -q 'xdp'; then echo "FAIL XDP program left on vb after kill -9"; exit 1; fi
echo "ok   nothing attached to vb after kill -9"
