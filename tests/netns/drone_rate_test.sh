#!/usr/bin/env bash
# Rate accuracy: the achieved average rate over 5 s, measured from receive timestamps of a
# capture on the peer, is within 0.5% of the target (10 kpps, 100 kpps, 100 Mbit/s L1).
source "$(dirname "$0")/lab.sh"
lab_up
start_drone
rate_of() {  # rate_of NAME FILE: packets per second between first and last captured frame
  capture_run "$1" "$2"
  capinfos -M -c -u -T "$LAB_TMP/$1.pcap" 2>/dev/null | tail -1 | awk -F'\t' '{ printf "%.6f %s\n", ($2 - 1) / $3, $2 }'
}
assert_rate() {  # NAME TARGET_PPS STREAM_FILE
  read -r pps n < <(rate_of "$(basename "$3" .json)" "$3")
  python3 - "$1" "$2" "$pps" "$n" <<'PY'
import sys
name, target, pps, n = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
err = (pps - target) / target
print(f"{'ok  ' if abs(err) <= 0.005 else 'FAIL'} {name}: {pps:.1f} pps over {n} frames, target {target:.1f} ({err*100:+.3f}%)")
sys.exit(0 if abs(err) <= 0.005 else 1)
PY
}
assert_rate "10 kpps" 10000 "$(stream_file r10k 50000 10000)"
assert_rate "100 kpps" 100000 "$(stream_file r100k 500000 100000)"
# 100 Mbit/s on the wire with 1518-byte frames: 100e6 / ((1518 + 20) * 8) = 8127.44 pps.
l1=$(stream_file r100m 40637 0)
python3 - "$l1" <<'PY'
import json, sys
p = sys.argv[1]; d = json.load(open(p)); s = d["streams"][0]
s["rate"] = {"unit": "BPS_L1", "value": 100e6}; s["frame_length"] = {"fixed": 1518}
json.dump(d, open(p, "w"))
PY
assert_rate "100 Mbit/s L1 (1518 B)" 8127.4382 "$l1"
