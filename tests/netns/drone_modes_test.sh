#!/usr/bin/env bash
# Transmit modes and rate units on the wire, read back from captures with tshark: interleaved
# streams each at its own rate, bursts, port load %, and as fast as possible with exact counts.
# Also `staccato-cli configure`.
source "$(dirname "$0")/lab.sh"
lab_up
start_drone

# stream ID UDP_DPORT RATE_JSON CONTROL_JSON [FRAME_LEN]: one stream object.
stream() {
  echo "{\"id\": $1, \"layers\": [{\"protocol\": \"eth\", \"fields\": {\"eth.dst\": \"02:00:00:00:00:99\"}}, {\"protocol\": \"ip\"},
    {\"protocol\": \"udp\", \"fields\": {\"udp.dstport\": \"$2\"}}, {\"protocol\": \"payload\"}, {\"protocol\": \"signature\"}],
    \"frame_length\": {\"fixed\": ${5:-64}}, \"rate\": $3, \"control\": $4}"
}
streams() { local IFS=,; echo "{\"format_version\": 1, \"streams\": [$*]}"; }

# captured NAME FILE: capture_run (lab.sh), then "epoch_time udp_dstport" per frame in NAME.txt.
captured() {
  capture_run "$1" "$2"
  tshark -r "$LAB_TMP/$1.pcap" -T fields -e frame.time_epoch -e udp.dstport 2>/dev/null >"$LAB_TMP/$1.txt"
}

# Analyses a capture with Python: `frames` = [(t, dport)], `by` = {dport: [t...]}, `d` = stats;
# within(NAME, TIMES, PPS, STREAM_ID) judges a rate on the wire (wire_rate.py).
analyse() {  # analyse NAME PYTHON_CODE
  python3 - "$LAB_TMP/$1.txt" "$LAB_TMP/$1.stats.json" "$LAB_TMP/$1.err" "$(dirname "$0")" <<PY
import json, sys
sys.path.insert(0, sys.argv[4])
from wire_rate import judge, said_rates
frames = [(float(t), int(p)) for t, p in (l.split() for l in open(sys.argv[1]) if l.strip())]
by = {}
for t, p in frames: by.setdefault(p, []).append(t)
d = json.load(open(sys.argv[2]))
said = said_rates(sys.argv[3])
def within(name, ts, want, stream):
    if not judge(name, ts, want, 0.005, said.get(stream)): sys.exit(1)
def expect(name, cond):
    print(f"{'ok  ' if cond else 'FAIL'} {name}")
    if not cond: sys.exit(1)
$2
PY
}

# --- configure: interleaved mode ------------------------------------------------------------
cli configure va --mode interleaved >/dev/null
cli ports --json >"$LAB_TMP/ports.json"
check "configure sets interleaved" "[p['config']['tx_mode'] for p in d['ports'] if p['name'] == 'va'] == ['INTERLEAVED']" "$LAB_TMP/ports.json"
if cli configure va --mode sideways 2>"$LAB_TMP/err"; then echo "FAIL bad mode accepted"; exit 1; fi
expect_error "allowed: sequential, interleaved"

# --- interleaved: two streams at once, each at its own rate, for 3 s ------------------------
streams "$(stream 1 2001 '{"unit": "PPS", "value": 1000}' '{"count": "3000"}')" \
        "$(stream 2 2002 '{"unit": "PPS", "value": 4000}' '{"count": "12000"}')" >"$LAB_TMP/inter.json"
captured inter "$LAB_TMP/inter.json"
analyse inter '
expect("exact counts on the wire: 3000 + 12000", (len(by[2001]), len(by[2002])) == (3000, 12000))
within("interleaved stream 1 pps", by[2001], 1000, 1)
within("interleaved stream 2 pps", by[2002], 4000, 2)
expect("streams overlap in time", by[2001][0] < by[2002][-1] and by[2002][0] < by[2001][-1])
rows = sorted((s["stream_id"], s["tx_packets"], s["rx_packets"], s["lost"]) for s in d["streams"])
expect(f"per-stream stats {rows}", rows == [(1, 3000, 3000, 0), (2, 12000, 12000, 0)])'

# --- bursts: 10 packets per burst, 100 bursts/s, 50 bursts (sequential mode) ----------------
cli configure va --mode sequential >/dev/null
streams "$(stream 1 3001 '{"unit": "BURSTS_PER_SECOND", "value": 100, "packets_per_burst": 10}' '{"mode": "BURSTS", "count": "50"}')" >"$LAB_TMP/burst.json"
captured burst "$LAB_TMP/burst.json"
# One queue sends a burst back to back; with several, each queue sends its share back to back
# and the shares are as far apart as the scheduler keeps the workers (a busy 2-core machine runs
# another process on one worker's core: milliseconds): within the 10 ms between bursts.
gap_ms=$(( LAB_QUEUES == 1 ? 1 : 10 ))
analyse burst '
ts = by[3001]
expect("500 packets in 50 bursts", len(ts) == 500)
starts = ts[::10]
within("burst rate (bursts/s)", starts, 100, None)
inner = max(ts[i + 1] - ts[i] for i in range(len(ts) - 1) if (i + 1) % 10)
expect(f"packets of a burst back to back (largest gap inside a burst {inner*1e6:.0f} us < '"$gap_ms"' ms)", inner < '"$gap_ms"' * 1e-3)'

# --- load %: 50% of a 100 Mbit/s line with 1518-byte frames = 4063.72 pps (L1), 5 s ---------
cli configure va --line-rate 100000000 >/dev/null
streams "$(stream 1 4001 '{"unit": "LOAD_PERCENT", "value": 50}' '{"count": "20319"}' 1518)" >"$LAB_TMP/load.json"
captured load "$LAB_TMP/load.json"
analyse load '
expect("20319 packets", len(by[4001]) == 20319)
within("50% load of 100 Mbit/s (pps)", by[4001], 50e6 / (1538 * 8), 1)'
if cli configure va --line-rate 99999999999999 2>"$LAB_TMP/err"; then echo "FAIL absurd line rate accepted"; exit 1; fi
expect_error "line-rate"
cli configure va --line-rate 0 >/dev/null

# --- as fast as possible: the exact count, nothing lost -------------------------------------
streams "$(stream 1 5001 '{"unit": "FASTEST"}' '{"count": "200000"}')" >"$LAB_TMP/fast.json"
cli run "$LAB_TMP/fast.json" --tx va --rx vb --json >"$LAB_TMP/fast.out.json"
check "fastest: the kernel received all 200000" "[p['rx_packets'] for p in d['ports'] if p['port'] == 'vb'] == [200000]" "$LAB_TMP/fast.out.json"
# veth loses nothing (the kernel counted every frame on vb), so nothing may be called lost; the
# frames the drone's own libpcap receiver missed (its ring was full: at 1 queue it usually keeps
# up, at ~2 Mpps on 2 queues it does not) are reported as missed, and the row as incomplete.
check "fastest: 200000 sent, none called lost" "[(s['tx_packets'], s['lost']) for s in d['streams']] == [(200000, 0)]" "$LAB_TMP/fast.out.json"
check "fastest: every frame counted, or missed by the receiver and said so" \
  "all(s['rx_packets'] + s['rx_missed'] >= 200000 and (s['rx_packets'] == 200000 or s['incomplete']) for s in d['streams'])" "$LAB_TMP/fast.out.json"
echo "     (receiver missed $(json "$LAB_TMP/fast.out.json" "[p['drone_rx_dropped'] for p in d['ports'] if p['port'] == 'vb'][0]"), counted $(json "$LAB_TMP/fast.out.json" "d['streams'][0]['rx_packets']"), lost $(json "$LAB_TMP/fast.out.json" "d['streams'][0]['lost']"))"
