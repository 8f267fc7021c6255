#!/usr/bin/env bash
# A replay stream va -> vb: 2000 recorded frames (five lengths, each one distinct) spread over
# 1 s and played at speed 2. The capture on vb holds exactly those frames, byte for byte, in
# order (one queue) or as a multiset (queues may pass each other), and lasts about 0.5 s.
source "$(dirname "$0")/lab.sh"
frames=(/usr/bin/python3 "$(dirname "$0")/../oracle/replay_frames.py")
lab_up
start_drone
"${frames[@]}" make "$LAB_TMP/replay.json" 2000 2
capture_run replay "$LAB_TMP/replay.json"
check "drone sent 2000" "d['ports'][0]['drone_tx_packets'] == 2000" "$LAB_TMP/replay.stats.json"
order=()
((LAB_QUEUES == 1)) || order=(--multiset)
"${frames[@]}" check "$LAB_TMP/replay.json" "$LAB_TMP/replay.pcap" "${order[@]}" --timing 0.15
