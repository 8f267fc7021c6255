#!/usr/bin/env bash
# What Prometheus' scrapes cost the drone: a fake-lab drone (no root) sending 1,000 tracked
# streams (10 pps each, fake0 -> fake1), its CPU time (utime + stime, /proc/PID/stat) over
# WINDOW seconds without scrapes, then with GET /metrics every second as Prometheus would; prints
# both and the difference as a share of one core (the target: below 2 %), and the exposition's size.
# Usage: tests/bench/metrics_bench.sh BUILD_DIR [WINDOW_SECONDS]
set -euo pipefail
build=$(realpath "$1"); window=${2:-30}
tmp=$(mktemp -d)
drone_pid=
cleanup() {
  if [[ -n $drone_pid ]]; then kill "$drone_pid" 2>/dev/null || true; wait "$drone_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
"$build/drone/staccato-drone" --fake-lab --listen "unix:$tmp/d.sock" --metrics "unix:$tmp/m.sock" >"$tmp/drone.log" 2>&1 &
drone_pid=$!
cli() { "$build/client/cli/staccato-cli" --drone "unix:$tmp/d.sock" "$@"; }
for _ in $(seq 100); do cli ports >/dev/null 2>&1 && break; sleep 0.1; done
python3 - "$tmp/streams.json" <<'PY'
import json, sys
stream = lambda i: {"id": i, "layers": [{"protocol": "eth"}, {"protocol": "ip"}, {"protocol": "udp"}, {"protocol": "payload"},
                                        {"protocol": "signature"}],
                    "frame_length": {"fixed": 128}, "rate": {"unit": "PPS", "value": 10}, "control": {"mode": "CONTINUOUS"}}
json.dump({"format_version": 1, "streams": [stream(i) for i in range(1, 1001)]}, open(sys.argv[1], "w"))
PY
cli configure fake0 --mode interleaved >/dev/null
cli load "$tmp/streams.json" --port fake0 >/dev/null
cli start fake0 >/dev/null
sleep 3
ticks() { awk '{print $14 + $15}' "/proc/$drone_pid/stat"; }
hz=$(getconf CLK_TCK)
t0=$(ticks); sleep "$window"; t1=$(ticks)
for _ in $(seq "$window"); do
  curl -s --unix-socket "$tmp/m.sock" http://drone/metrics -o "$tmp/metrics.txt"
  sleep 1
done &
scraper=$!
t2=$(ticks); wait "$scraper"; t3=$(ticks)
cli stop fake0 >/dev/null
rows=$(grep -c '^staccato_stream_tx_packets_total' "$tmp/metrics.txt")
python3 - "$window" "$hz" "$((t1 - t0))" "$((t3 - t2))" "$(stat -c %s "$tmp/metrics.txt")" "$rows" <<'PY'
import sys
window, hz, quiet, scraped, size, rows = (float(a) for a in sys.argv[1:])
q, s = quiet / hz / window * 100, scraped / hz / window * 100
print(f"streams sending and exposed: {rows:.0f}; exposition {size / 1e6:.2f} MB a scrape")
print(f"drone CPU without scrapes:      {q:6.2f} % of one core")
print(f"drone CPU scraped every second: {s:6.2f} % of one core")
print(f"what the scrapes cost:          {s - q:6.2f} % of one core (target < 2 %)")
PY
