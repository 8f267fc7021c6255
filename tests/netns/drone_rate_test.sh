#!/usr/bin/env bash
# Rate accuracy: the achieved average rate over 5 s, measured from receive timestamps of a
# capture on the peer (wire_rate.py), is within 0.5% of the target (10 kpps, 100 kpps, 100 Mbit/s L1).
source "$(dirname "$0")/lab.sh"
lab_up
start_drone
assert_rate() {  # NAME TARGET_PPS STREAM_FILE: the rate on the wire (wire_rate.py) within 0.5 %
  local name; name=$(basename "$3" .json)
  capture_run "$name" "$3"
  python3 - "$1" "$2" "$LAB_TMP/$name.pcap" "$LAB_TMP/$name.err" "$(dirname "$0")" <<'PY'
import sys
sys.path.insert(0, sys.argv[5])
from wire_rate import capture_times, judge, said_rates
ts = capture_times(sys.argv[3])
sys.exit(0 if judge(f"{sys.argv[1]} over {len(ts)} frames", ts, float(sys.argv[2]), 0.005, said_rates(sys.argv[4]).get(1)) else 1)
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
