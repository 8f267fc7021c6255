#!/usr/bin/env bash
# Live rate change (staccato-cli rate) on a running stream: 100 kpps -> 200 kpps -> 50 kpps, and a
# unit-less 100 pps stream scaled x3 (300 pps, within 1 %).
# Each step's rate, from vb's kernel receive counter over 2 s, is within 0.5 % of the asked one;
# the stream never stops, and at the end tx == rx with no sequence gaps.
source "$(dirname "$0")/lab.sh"
lab_up
start_drone
cat >"$LAB_TMP/live.json" <<'JSON'
{"format_version": 1, "streams": [{"id": 1, "name": "live",
  "layers": [{"protocol": "eth", "fields": {"eth.dst": "02:00:00:00:00:99"}}, {"protocol": "ip"},
             {"protocol": "udp"}, {"protocol": "payload"}, {"protocol": "signature"}],
  "frame_length": {"fixed": 64}, "rate": {"unit": "PPS", "value": 100000}, "control": {"mode": "CONTINUOUS"}}]}
JSON
cli run "$LAB_TMP/live.json" --tx va --rx vb --duration 9 --json >"$LAB_TMP/live.stats.json" 2>"$LAB_TMP/run.err" &
RUN=$!
# Inside the lab: the counter is read straight from sysfs, at the instants the window says.
in_lab python3 - "$CLI" <<'PY' || { kill $RUN 2>/dev/null; exit 1; }
import subprocess, sys, time
cli = sys.argv[1]
def rx():  # vb's kernel receive counter
    with open("/sys/class/net/vb/statistics/rx_packets") as f:
        return int(f.read())
def rate_over(seconds=2.0):
    a, t = rx(), time.monotonic()
    time.sleep(seconds)
    b, u = rx(), time.monotonic()
    return (b - a) / (u - t)
def change(*args):
    subprocess.run([cli, "rate", "va", *args], check=True, capture_output=True)
    time.sleep(0.2)  # the change applies within milliseconds; skip the transition in the window
time.sleep(1.0)
failed = False
for label, target, args in [("100 kpps", 100e3, None), ("200 kpps", 200e3, ["--stream", "1", "--pps", "200000"]),
                            ("50 kpps (scaled by 0.25 from 200)", 50e3, ["--scale", "0.25", "--stream", "1", "--pps", "50000"])]:
    if args:
        change(*args)
    pps = rate_over()
    err = (pps - target) / target
    ok = abs(err) <= 0.005
    failed |= not ok
    print(f"{'ok  ' if ok else 'FAIL'} {label}: {pps:.0f} pps from vb's kernel counter over 2 s ({err * 100:+.3f} %)")
sys.exit(1 if failed else 0)
PY
wait $RUN || { echo "FAIL the run failed: $(cat "$LAB_TMP/run.err")"; exit 1; }
f=$LAB_TMP/live.stats.json
check "the stream sent all the time and every packet arrived (tx == rx)" \
  "[s for s in d['streams'] if s['stream_id'] == 1][0]['tx_packets'] == [s for s in d['streams'] if s['stream_id'] == 1][0]['rx_packets'] > 500000" "$f"
check "no sequence gaps, duplicates or reordering across the changes" \
  "all(s.get(k, 0) == 0 for s in d['streams'] if s['stream_id'] == 1 for k in ('lost', 'duplicates', 'reordered'))" "$f"

# A rate without a unit ({"value": 100}: 100 pps) scales from its own value: x3 is 300 pps
# (it once went to 3,012: scaled from the 1,000 pps default).
cat >"$LAB_TMP/unitless.json" <<'JSON'
{"format_version": 1, "streams": [{"id": 2, "name": "unitless",
  "layers": [{"protocol": "eth", "fields": {"eth.dst": "02:00:00:00:00:99"}}, {"protocol": "ip"},
             {"protocol": "udp"}, {"protocol": "payload"}, {"protocol": "signature"}],
  "frame_length": {"fixed": 64}, "rate": {"value": 100}, "control": {"mode": "CONTINUOUS"}}]}
JSON
cli run "$LAB_TMP/unitless.json" --tx va --rx vb --duration 8 >/dev/null 2>"$LAB_TMP/unitless.err" &
RUN=$!
in_lab python3 - "$CLI" <<'PY' || { kill $RUN 2>/dev/null; exit 1; }
import subprocess, sys, time
def rx():
    with open("/sys/class/net/vb/statistics/rx_packets") as f:
        return int(f.read())
time.sleep(1.5)
subprocess.run([sys.argv[1], "rate", "va", "--scale", "3"], check=True, capture_output=True)
time.sleep(0.3)
a, t = rx(), time.monotonic()
time.sleep(4)
pps = (rx() - a) / (time.monotonic() - t)
ok = abs(pps - 300) / 300 <= 0.01
print(f"{'ok  ' if ok else 'FAIL'} a unit-less 100 pps stream x3: {pps:.1f} pps from vb's kernel counter over 4 s (want 300 within 1 %)")
sys.exit(0 if ok else 1)
PY
wait $RUN || { echo "FAIL the unit-less run failed: $(cat "$LAB_TMP/unitless.err")"; exit 1; }
