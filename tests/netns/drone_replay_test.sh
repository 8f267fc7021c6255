#!/usr/bin/env bash
# A replay stream va -> vb: 2000 recorded frames (five lengths, each one distinct) spread over
# 1 s and played at speed 2. The capture on vb holds exactly those frames, byte for byte, in
# order (one queue) or as a multiset (queues may pass each other), and lasts about 0.5 s.
# The in-kernel engine cannot play a recording: forced, the start is refused saying so; with the
# ladder (auto) the port falls back and its backend_reason says why.
source "$(dirname "$0")/lab.sh"
frames=(/usr/bin/python3 "$(dirname "$0")/../oracle/replay_frames.py")
lab_up
start_drone
"${frames[@]}" make "$LAB_TMP/replay.json" 2000 2
if [[ ${BACKEND:-} == turbo-xdp ]]; then
  if cli run "$LAB_TMP/replay.json" --tx va 2>"$LAB_TMP/err"; then echo "FAIL a replay started in the kernel"; exit 1; fi
  expect_error "in-kernel: .*replay"
  cli configure va --backend auto >/dev/null
fi
capture_run replay "$LAB_TMP/replay.json"
if [[ ${BACKEND:-} == turbo-xdp ]]; then
  cli ports --json >"$LAB_TMP/ports.json"
  check "the replay fell back from the kernel, saying why" \
    "[p for p in d['ports'] if p['name'] == 'va' and p['backend'] != 'turbo-xdp' and 'not in-kernel:' in p['backend_reason'] and 'replay' in p['backend_reason']] != []" \
    "$LAB_TMP/ports.json"
fi
check "drone sent 2000" "d['ports'][0]['drone_tx_packets'] == 2000" "$LAB_TMP/replay.stats.json"
order=()
((LAB_QUEUES == 1)) || order=(--multiset)
"${frames[@]}" check "$LAB_TMP/replay.json" "$LAB_TMP/replay.pcap" "${order[@]}" --timing 0.15
