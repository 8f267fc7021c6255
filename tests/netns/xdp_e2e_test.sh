#!/usr/bin/env bash
# The in-kernel engine end to end, drone + staccato-cli on a veth pair (issue 25):
# 1. 3,000,000 64-byte signed frames with a varying field, FASTEST, 2 cores, tracking on at both
#    ends (in-kernel counting on vb): stream rx == vb's kernel rx == tx, lost 0, reordered 0,
#    duplicates 0; prints the rate (between the first and last arrival).
# 2. One core as fast as it goes, then paced at half of that: the rate the receiver saw between
#    its first and last arrival within 0.5 % of the one asked. (Half, not 90 %: on a shared CI
#    machine the fastest rate of one run is not the next run's; tests/bench/xdp_bench.sh measures
#    90 % of the engine's maximum side by side. Two workers on a 2-core machine share their cores
#    with everything else: one preempted near the end adds milliseconds, so one core here.)
# 3. 100,000 frames on one core, captured twice: by tcpdump on vb and by the drone's own capture
#    of what va sent (the in-kernel sender's copies). Both tshark-clean (no checksum or malformed
#    expert info), sequences 0..99999 in order, udp.srcport and ip.id exactly the stream's values,
#    and the two captures the same bytes.
# 4. In-kernel counting on vb passes the frames it counts on to a capture of vb while it runs.
# 5. Counting at tc ingress (tc-count) counts every frame, after tcpdump has seen it.
# 6. A run, then load + start by hand (no clear): the second run counted afresh (no duplicates).
source "$(dirname "$0")/lab.sh"
export BACKEND=turbo-xdp
LAB_QUEUES=2
lab_up
start_drone --backend turbo-xdp --rx-backend xdp-count
kernel() { in_lab cat "/sys/class/net/$1/statistics/$2"; }

# stream NAME COUNT RATE_JSON: 64-byte frames, signature, udp.srcport 1000..1999 and ip.id 7, 12, ...
stream() {
  cat >"$LAB_TMP/$1.json" <<JSON
{"format_version": 1, "streams": [{"id": 1, "name": "$1",
  "layers": [{"protocol": "eth", "fields": {"eth.dst": "02:00:00:00:00:99"}}, {"protocol": "ip"},
             {"protocol": "udp"}, {"protocol": "payload"}, {"protocol": "signature"}],
  "frame_length": {"fixed": 64}, "rate": $3, "control": {"mode": "PACKETS", "count": "$2"},
  "variable_fields": [{"field": "udp.srcport", "start": "1000", "count": "1000"},
                      {"field": "ip.id", "start": "7", "step": "5", "count": "10000"}]}]}
JSON
  echo "$LAB_TMP/$1.json"
}

# --- 1. 3 M frames, as fast as it goes, 2 cores, tracked at both ends ----------------------
n=3000000
rx0=$(kernel vb rx_packets); tx0=$(kernel va tx_packets)
cli run "$(stream fast $n '{"unit": "FASTEST"}')" --tx va --rx vb --json >"$LAB_TMP/fast.out.json"
rx1=$(kernel vb rx_packets); tx1=$(kernel va tx_packets)
python3 - "$LAB_TMP/fast.out.json" "$n" $((rx1 - rx0)) $((tx1 - tx0)) >"$LAB_TMP/fast.verdict" <<'PY'
import json, sys
d, n, krx, ktx = json.load(open(sys.argv[1])), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
s = d["streams"][0]
span = (s["last_rx_ns"] - s["first_rx_ns"]) / 1e9
mpps = (s["rx_packets"] - 1) / span / 1e6 if span > 0 else 0
ok = (s["tx_packets"], s["rx_packets"], krx, ktx) == (n, n, n, n) and (s["lost"], s["reordered"], s["duplicates"]) == (0, 0, 0) \
     and not s.get("incomplete") and s["latency"]["samples"] == n
print(f"{'ok  ' if ok else 'FAIL'} {n} frames, 2 cores: stream tx {s['tx_packets']}, stream rx {s['rx_packets']}, "
      f"kernel tx {ktx}, kernel rx {krx}, lost {s['lost']}, reordered {s['reordered']}, duplicates {s['duplicates']}")
print(f"info rate {mpps:.3f} Mpps between the first and last arrival (target >= 3 Mpps on an idle 2-core machine)")
print(f"rate {mpps * 1e6:.0f}")
sys.exit(0 if ok else 1)
PY
rc=$?
grep -v '^rate ' "$LAB_TMP/fast.verdict"
((rc == 0)) || exit 1

# --- 2. one core: as fast as it goes, then paced at half of that -------------------------------
cli configure va --queues 1 >/dev/null
rate_of() { json "$1" "round((d['streams'][0]['rx_packets'] - 1) / ((d['streams'][0]['last_rx_ns'] - d['streams'][0]['first_rx_ns']) / 1e9))"; }
cli run "$(stream fast1 1000000 '{"unit": "FASTEST"}')" --tx va --rx vb --json >"$LAB_TMP/fast1.out.json"
max1=$(rate_of "$LAB_TMP/fast1.out.json")
pps=$((max1 / 2))
m=$((pps * 2))  # two seconds
cli run "$(stream paced $m "{\"unit\": \"PPS\", \"value\": $pps}")" --tx va --rx vb --json >"$LAB_TMP/paced.out.json"
echo "info one core: $max1 pps as fast as it goes; paced at half of that ($pps pps): $(rate_of "$LAB_TMP/paced.out.json") pps"
check "paced at half the fastest on one core: the receiver's rate within 0.5 %, every frame counted" \
  "abs($(rate_of "$LAB_TMP/paced.out.json") / $pps - 1) <= 0.005 and d['streams'][0]['rx_packets'] == $m and d['streams'][0]['lost'] == 0" \
  "$LAB_TMP/paced.out.json"

# --- 3. 100,000 frames captured by tcpdump on vb and by the drone on va (one core) -------------
cli configure vb --rx-backend pcap >/dev/null  # tcpdump sees what libpcap receive leaves in the stack
c=100000
cli capture va start --direction tx --limit-packets $c >/dev/null
capture_run cap "$(stream cap $c '{"unit": "PPS", "value": 200000}')"
cli capture va stop >/dev/null 2>&1 || true
cli capture va fetch --output "$LAB_TMP/cap.drone.pcapng" >/dev/null
check "drone counted $c" "d['streams'][0]['tx_packets'] == $c and d['streams'][0]['rx_packets'] == $c" "$LAB_TMP/cap.stats.json"
# Source ports 1000..1999 include registered ones (RADIUS...): their payload is data, not those protocols.
prefs=(-o ip.check_checksum:TRUE -o udp.check_checksum:TRUE -d 'udp.port==1000-1999,data')
for f in "$LAB_TMP/cap.pcap" "$LAB_TMP/cap.drone.pcapng"; do
  problems=$(tshark -n -r "$f" "${prefs[@]}" -Y '_ws.expert.severity >= 6291456 || _ws.malformed' 2>/dev/null | wc -l)
  tshark -n -r "$f" "${prefs[@]}" -T fields -e udp.srcport -e ip.id -e ip.checksum.status -e udp.checksum.status \
    -e udp.payload 2>/dev/null >"$f.fields"
  python3 - "$f.fields" "$c" "$problems" "$(basename "$f")" <<'PY' || exit 1
import sys
rows = [l.split("\t") for l in open(sys.argv[1]).read().splitlines()]
n, problems, name = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
bad = []
if len(rows) != n: bad.append(f"{len(rows)} frames")
if problems: bad.append(f"{problems} frames with expert warnings or errors")
for i, (sport, ipid, ipck, udpck, payload) in enumerate(rows):
    seq, magic = int(payload[-24:-16], 16), int(payload[-32:-28], 16)
    want = (1000 + i % 1000, (7 + 5 * (i % 10000)) & 0xffff, i)
    got = (int(sport), int(ipid, 16), seq)
    if got != want or magic != 0x5a7c or ipck != "1" or udpck != "1":
        bad.append(f"frame {i}: srcport/ip.id/seq {got}, want {want}, magic {magic:#x}, checksums ip {ipck} udp {udpck}")
        break
print(("ok  " if not bad else "FAIL") + f" {name}: {len(rows)} frames, tshark-clean, sequences 0..{n - 1} in order, "
      "udp.srcport and ip.id exact, checksums good" + ("" if not bad else ": " + "; ".join(bad)))
sys.exit(1 if bad else 0)
PY
done
# The drone's copies are what reached vb, byte for byte.
for f in "$LAB_TMP/cap.pcap" "$LAB_TMP/cap.drone.pcapng"; do
  tshark -n -r "$f" -T fields -e frame.len -e eth.dst -e eth.src -e ip.src -e ip.dst -e ip.id -e ip.checksum -e udp.srcport \
    -e udp.dstport -e udp.checksum -e udp.payload 2>/dev/null | md5sum
done | uniq | wc -l | grep -q '^1$' &&
  echo "ok   the drone's capture of what va sent holds the bytes tcpdump saw on vb" ||
  { echo "FAIL the drone's capture of va differs from tcpdump's on vb"; exit 1; }

# --- 4. in-kernel counting passes counted frames on while a capture of the port runs -----------
cli configure vb --rx-backend xdp-count >/dev/null
cli capture vb start --direction rx --limit-packets 1000 >/dev/null
cli run "$(stream pass 1000 '{"unit": "PPS", "value": 20000}')" --tx va --rx vb --json >"$LAB_TMP/pass.out.json"
sleep 0.3
cli capture vb stop >/dev/null 2>&1 || true
cli capture vb fetch --output "$LAB_TMP/pass.pcapng" >/dev/null
got=$(tshark -n -r "$LAB_TMP/pass.pcapng" -Y 'udp' 2>/dev/null | wc -l)
check "xdp-count counted 1000 while a capture of vb ran" "d['streams'][0]['rx_packets'] == 1000" "$LAB_TMP/pass.out.json"
[[ $got == 1000 ]] && echo "ok   the capture of vb holds the 1000 frames it counted" || { echo "FAIL the capture of vb holds $got of 1000"; exit 1; }

# --- 5. counting at tc ingress: every frame counted, and tcpdump sees them (its taps come first)
cli configure vb --rx-backend tc-count >/dev/null
cli ports --json >"$LAB_TMP/ports.json"
check "vb counts at tc ingress" "[p['rx_backend'] for p in d['ports'] if p['name'] == 'vb'] == ['tc-count']" "$LAB_TMP/ports.json"
capture_run tc "$(stream tc 200000 '{"unit": "FASTEST"}')"
check "tc-count counted all 200000, none lost" "d['streams'][0]['rx_packets'] == 200000 and d['streams'][0]['lost'] == 0" "$LAB_TMP/tc.stats.json"
got=$(tshark -n -r "$LAB_TMP/tc.pcap" 2>/dev/null | wc -l)
[[ $got == 200000 ]] && echo "ok   tcpdump on vb saw all $got" || { echo "FAIL tcpdump on vb saw $got of 200000"; exit 1; }

# --- 6. a run, then load and start by hand without a clear: the new frames are the new run's --
# Both receive engines that keep sequences elsewhere than the drone's table: xdp-count (in BPF
# maps) and tc-count; the receiving port's counts of the restarted stream start over.
for engine in xdp-count tc-count; do
  cli configure vb --rx-backend "$engine" >/dev/null
  cli run "$(stream first 500 '{"unit": "PPS", "value": 20000}')" --tx va --rx vb --json >/dev/null
  cli load "$(stream again 300 '{"unit": "PPS", "value": 20000}')" --port va >/dev/null
  cli start va >/dev/null
  for _ in $(seq 50); do
    cli stats va vb --json >"$LAB_TMP/again.json"
    [[ $(json "$LAB_TMP/again.json" "d['streams'][0]['rx_packets']") == 300 ]] && break
    sleep 0.1
  done
  check "$engine: run, then load + start: 300 received of 300, no duplicates" \
    "[(s['tx_packets'], s['rx_packets'], s['duplicates'], s['lost']) for s in d['streams']] == [(300, 300, 0, 0)]" "$LAB_TMP/again.json"
done
